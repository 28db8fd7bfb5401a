// The Unity package around the runtime: manifest, assembly definition, .meta files (a package
// installed from git is immutable, and Unity ignores assets without one), and the iOS build of
// the imports (static library, "__Internal").
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text.RegularExpressions;

namespace Nav.Tests
{
    internal static class PackageTests
    {
        public static void Register(Harness h, string packageDir, string iosAssembly)
        {
            h.Add("package: package.json and Nav.Runtime.asmdef", () => Manifests(packageDir));
            h.Add("package: every asset has a .meta with a unique GUID, and no .meta is orphaned", () => Metas(packageDir));
            h.Add("package: the iOS build imports every function from \"__Internal\"", () => IosImports(iosAssembly));
        }

        private static Dictionary<string, object> ReadJson(string path)
        {
            return (Dictionary<string, object>)MiniJson.Parse(File.ReadAllText(path));
        }

        private static void Manifests(string packageDir)
        {
            Dictionary<string, object> package = ReadJson(Path.Combine(packageDir, "package.json"));
            string name = (string)package["name"];
            Assert.True(Regex.IsMatch(name, @"^[a-z0-9-]+(\.[a-z0-9-]+){2,}$"), "UPM name in reverse domain notation: " + name);
            Assert.Equal(NavLibrary.BindingsVersion.ToString(), (string)package["version"], "package version = bindings version");
            Assert.True(Regex.IsMatch((string)package["unity"], @"^\d{4}\.\d+$"), "unity version field");
            Assert.True(((string)package["displayName"]).Length > 0 && ((string)package["description"]).Length > 0, "displayName and description");
            Dictionary<string, object> asmdef = ReadJson(Path.Combine(packageDir, "Runtime", "Nav.Runtime.asmdef"));
            Assert.Equal("Nav.Runtime", (string)asmdef["name"], "assembly name");
            Assert.Equal(true, (bool)asmdef["allowUnsafeCode"], "allowUnsafeCode (the imports take pointers)");
            Assert.Equal(0, ((List<object>)asmdef["includePlatforms"]).Count, "every platform");
        }

        private static bool Hidden(string relative)
        {
            // Unity skips names starting with '.' and ending with '~' (and their contents).
            return relative.Split('/').Any(part => part.StartsWith(".", StringComparison.Ordinal) || part.EndsWith("~", StringComparison.Ordinal));
        }

        private static void Metas(string packageDir)
        {
            string root = Path.GetFullPath(packageDir).TrimEnd('/');
            List<string> problems = new List<string>();
            Dictionary<string, string> guids = new Dictionary<string, string>();
            IEnumerable<string> entries = Directory.GetFileSystemEntries(root, "*", SearchOption.AllDirectories)
                .Select(p => p.Substring(root.Length + 1)).Where(p => !Hidden(p));
            int assets = 0;
            foreach (string relative in entries.OrderBy(p => p, StringComparer.Ordinal))
            {
                string full = Path.Combine(root, relative);
                if (relative.EndsWith(".meta", StringComparison.Ordinal))
                {
                    string asset = full.Substring(0, full.Length - ".meta".Length);
                    if (!File.Exists(asset) && !Directory.Exists(asset))
                    {
                        problems.Add(relative + " has no asset");
                    }
                    Match guid = Regex.Match(File.ReadAllText(full), @"^guid: ([0-9a-f]{32})$", RegexOptions.Multiline);
                    if (!guid.Success)
                    {
                        problems.Add(relative + " has no GUID");
                    }
                    else if (guids.ContainsKey(guid.Groups[1].Value))
                    {
                        problems.Add(relative + " repeats the GUID of " + guids[guid.Groups[1].Value]);
                    }
                    else
                    {
                        guids[guid.Groups[1].Value] = relative;
                    }
                    continue;
                }
                assets++;
                if (!File.Exists(full + ".meta"))
                {
                    problems.Add(relative + " has no .meta (run bindings/csharp/Tools~/make-meta.sh " + relative + ")");
                }
            }
            Assert.True(assets >= 10, "package assets found: " + assets);
            Assert.True(problems.Count == 0, string.Join("; ", problems.ToArray()));
        }

        private static void IosImports(string iosAssembly)
        {
            Assembly ios = Assembly.LoadFrom(iosAssembly);
            Type native = ios.GetType("Nav.NativeMethods", true);
            int imports = 0;
            foreach (MethodInfo method in native.GetMethods(BindingFlags.Public | BindingFlags.Static))
            {
                if ((method.Attributes & MethodAttributes.PinvokeImpl) == 0)
                {
                    continue;
                }
                DllImportAttribute import = (DllImportAttribute)Attribute.GetCustomAttribute(method, typeof(DllImportAttribute));
                Assert.Equal("__Internal", import.Value, method.Name + " on iOS");
                imports++;
            }
            int expected = typeof(NativeMethods).GetMethods(BindingFlags.Public | BindingFlags.Static)
                .Count(m => (m.Attributes & MethodAttributes.PinvokeImpl) != 0);
            Assert.Equal(expected, imports, "imports in the iOS build");
            Assert.Equal("__Internal", (string)native.GetField("LibraryName").GetRawConstantValue(), "LibraryName on iOS");
        }
    }
}
