// The C# test program of nav's bindings, run under Mono by scripts/test-csharp.sh:
//   mono NavTests.exe --header ffi/include/nav.h --symbols nav-symbols.txt --nav-cli target/debug/nav
//                     --work <temp dir> --package bindings/csharp --ios-assembly Nav.Runtime.iOS.dll
//                     [--movingai <dir>] [--filter <text>]
// Exits with the number of failed tests (0: all passed).
using System;
using System.Collections.Generic;

namespace Nav.Tests
{
    internal static class Program
    {
        private static int Main(string[] args)
        {
            Dictionary<string, string> options = new Dictionary<string, string>();
            for (int i = 0; i + 1 < args.Length; i += 2)
            {
                if (!args[i].StartsWith("--", StringComparison.Ordinal))
                {
                    Console.Error.WriteLine("unexpected argument " + args[i]);
                    return 2;
                }
                options[args[i].Substring(2)] = args[i + 1];
            }
            if (args.Length % 2 != 0)
            {
                Console.Error.WriteLine("every option needs a value");
                return 2;
            }
            foreach (string required in new[] { "header", "symbols", "nav-cli", "work", "package", "ios-assembly" })
            {
                if (!options.ContainsKey(required))
                {
                    Console.Error.WriteLine("usage: NavTests.exe --header nav.h --symbols symbols.txt --nav-cli nav --work DIR --package DIR --ios-assembly DLL [--movingai DIR] [--filter TEXT]");
                    return 2;
                }
            }
            string filter;
            options.TryGetValue("filter", out filter);
            string movingAi;
            options.TryGetValue("movingai", out movingAi);

            Console.WriteLine("nav C# bindings {0}, native library {1}, runtime {2}", NavLibrary.BindingsVersion,
                NavLibrary.NativeVersion, Type.GetType("Mono.Runtime") != null ? "Mono " + Environment.Version : Environment.Version.ToString());
            Harness harness = new Harness(filter);
            AbiTests.Register(harness, options["header"], options["symbols"]);
            PackageTests.Register(harness, options["package"], options["ios-assembly"]);
            GridTests.Register(harness);
            SearchModeTests.Register(harness);
            AllocationTests.Register(harness);
            WorldTests.Register(harness, options["nav-cli"], options["work"]);
            ReferenceTests.Register(harness, options["nav-cli"], options["work"], movingAi);
            MeshTests.Register(harness, options["nav-cli"], options["work"]);
            SliceTests.Register(harness);
            FlowTests.Register(harness);
            NearestTests.Register(harness);
            return Math.Min(harness.Run(), 100);
        }
    }
}
