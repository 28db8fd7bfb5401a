// The raw layer against the C ABI: every symbol libnav exports (nm -D) has exactly one import
// in NativeMethods, with the parameter count and types of its declaration in nav.h; every
// struct and enum of nav.h has its C# mirror with the same fields, offsets, size and values.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text.RegularExpressions;

namespace Nav.Tests
{
    /// <summary>What nav.h declares, parsed from its text.</summary>
    internal sealed class CHeader
    {
        public sealed class Function
        {
            public string Name;
            public string ReturnType;
            public List<string> ParameterTypes = new List<string>();
        }

        public sealed class Field
        {
            public string Type;
            public string Name;
            public string Doc;
        }

        public readonly Dictionary<string, Function> Functions = new Dictionary<string, Function>();
        public readonly Dictionary<string, List<Field>> Structs = new Dictionary<string, List<Field>>();
        public readonly HashSet<string> OpaqueTypes = new HashSet<string>();
        public readonly Dictionary<string, Dictionary<string, ulong>> Enums = new Dictionary<string, Dictionary<string, ulong>>();
        public readonly Dictionary<string, string> Macros = new Dictionary<string, string>();

        public CHeader(string text)
        {
            // Doc comments come before what they document; keep struct field docs, drop the rest.
            foreach (Match m in Regex.Matches(text, @"^#define\s+(\w+)\s+(\S+)", RegexOptions.Multiline))
            {
                Macros[m.Groups[1].Value] = m.Groups[2].Value;
            }
            foreach (Match m in Regex.Matches(text, @"typedef struct (\w+) \1;"))
            {
                OpaqueTypes.Add(m.Groups[1].Value);
            }
            foreach (Match m in Regex.Matches(text, @"typedef struct (\w+) \{(.*?)\} \1;", RegexOptions.Singleline))
            {
                List<Field> fields = new List<Field>();
                string body = m.Groups[2].Value;
                string doc = "";
                foreach (Match f in Regex.Matches(body, @"/\*\*(.*?)\*/|([^;/]+);", RegexOptions.Singleline))
                {
                    if (f.Groups[1].Success)
                    {
                        doc = f.Groups[1].Value;
                        continue;
                    }
                    string decl = Regex.Replace(f.Groups[2].Value.Trim(), @"\s+", " ");
                    int space = decl.LastIndexOf(' ');
                    fields.Add(new Field { Type = decl.Substring(0, space), Name = decl.Substring(space + 1), Doc = doc });
                    doc = "";
                }
                Structs[m.Groups[1].Value] = fields;
            }
            foreach (Match m in Regex.Matches(text, @"^enum (\w+)\s*(?:#if.*?#endif[^\n]*\n)?\s*\{(.*?)\};",
                RegexOptions.Singleline | RegexOptions.Multiline))
            {
                Dictionary<string, ulong> members = new Dictionary<string, ulong>();
                string body = Regex.Replace(m.Groups[2].Value, @"/\*.*?\*/", "", RegexOptions.Singleline);
                foreach (Match e in Regex.Matches(body, @"(\w+)\s*=\s*(\d+)\s*,"))
                {
                    members[e.Groups[1].Value] = ulong.Parse(e.Groups[2].Value);
                }
                Enums[m.Groups[1].Value] = members;
            }
            string code = Regex.Replace(text, @"/\*.*?\*/", "", RegexOptions.Singleline);
            foreach (Match m in Regex.Matches(code, @"^(\w+)\s+(nav_\w+)\s*\(([^)]*)\)\s*;", RegexOptions.Multiline))
            {
                Function function = new Function { Name = m.Groups[2].Value, ReturnType = m.Groups[1].Value };
                string parameters = Regex.Replace(m.Groups[3].Value, @"\s+", " ").Trim();
                if (parameters != "void" && parameters.Length > 0)
                {
                    foreach (string p in parameters.Split(','))
                    {
                        string decl = p.Trim();
                        // The type is everything before the parameter's name.
                        Match named = Regex.Match(decl, @"^(.*?[\s*])(\w+)$");
                        if (!named.Success)
                        {
                            throw new FormatException("nav.h: cannot read parameter `" + decl + "` of " + function.Name);
                        }
                        function.ParameterTypes.Add(named.Groups[1].Value.Trim());
                    }
                }
                if (Functions.ContainsKey(function.Name))
                {
                    throw new FormatException("nav.h declares " + function.Name + " twice");
                }
                Functions[function.Name] = function;
            }
        }
    }

    internal static class AbiTests
    {
        private static readonly Assembly Runtime = typeof(NativeMethods).Assembly;

        public static void Register(Harness h, string headerPath, string symbolsPath)
        {
            h.Add("abi: every exported symbol has exactly one import with the header's parameters",
                () => SymbolsMatchImports(new CHeader(File.ReadAllText(headerPath)), File.ReadAllLines(symbolsPath)));
            h.Add("abi: structs mirror nav.h (fields, types, offsets, sizes, blittable)",
                () => StructsMatch(new CHeader(File.ReadAllText(headerPath))));
            h.Add("abi: enums mirror nav.h (members and values)",
                () => EnumsMatch(new CHeader(File.ReadAllText(headerPath))));
            h.Add("abi: version constants match the header and the loaded library",
                () => VersionsMatch(new CHeader(File.ReadAllText(headerPath))));
            h.Add("abi: the header parser reads what it must (self-check)", ParserSelfCheck);
        }

        private static void SymbolsMatchImports(CHeader header, string[] symbolLines)
        {
            HashSet<string> symbols = new HashSet<string>(symbolLines.Select(s => s.Trim()).Where(s => s.Length > 0));
            Assert.True(symbols.Count >= 20, "expected the nav_ symbols of libnav.so, got " + symbols.Count);
            Dictionary<string, List<MethodInfo>> imports = new Dictionary<string, List<MethodInfo>>();
            foreach (MethodInfo method in typeof(NativeMethods).GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static))
            {
                if ((method.Attributes & MethodAttributes.PinvokeImpl) == 0)
                {
                    continue;
                }
                DllImportAttribute import = (DllImportAttribute)Attribute.GetCustomAttribute(method, typeof(DllImportAttribute));
                Assert.True(import != null, method.Name + " has no DllImport attribute");
                string entry = string.IsNullOrEmpty(import.EntryPoint) ? method.Name : import.EntryPoint;
                Assert.Equal("nav", import.Value, entry + ": library name");
                Assert.Equal(CallingConvention.Cdecl, import.CallingConvention, entry + ": calling convention");
                if (!imports.ContainsKey(entry))
                {
                    imports[entry] = new List<MethodInfo>();
                }
                imports[entry].Add(method);
            }
            // Imports elsewhere in the assembly would escape this check: there must be none.
            foreach (Type type in Runtime.GetTypes())
            {
                if (type == typeof(NativeMethods))
                {
                    continue;
                }
                foreach (MethodInfo method in type.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly))
                {
                    Assert.True((method.Attributes & MethodAttributes.PinvokeImpl) == 0,
                        type.Name + "." + method.Name + " is a DllImport outside NativeMethods");
                }
            }
            List<string> problems = new List<string>();
            foreach (string symbol in symbols.OrderBy(s => s, StringComparer.Ordinal))
            {
                if (!header.Functions.ContainsKey(symbol))
                {
                    problems.Add(symbol + " is exported but not declared in nav.h");
                }
                List<MethodInfo> found;
                if (!imports.TryGetValue(symbol, out found))
                {
                    problems.Add(symbol + " has no import in NativeMethods");
                    continue;
                }
                if (found.Count != 1)
                {
                    problems.Add(symbol + " has " + found.Count + " imports");
                    continue;
                }
                CHeader.Function declared;
                if (header.Functions.TryGetValue(symbol, out declared))
                {
                    CheckSignature(header, declared, found[0], problems);
                }
            }
            foreach (string entry in imports.Keys.OrderBy(s => s, StringComparer.Ordinal))
            {
                if (!symbols.Contains(entry))
                {
                    problems.Add(entry + " is imported but libnav.so does not export it");
                }
            }
            foreach (string name in header.Functions.Keys.OrderBy(s => s, StringComparer.Ordinal))
            {
                if (!symbols.Contains(name))
                {
                    problems.Add(name + " is declared in nav.h but libnav.so does not export it");
                }
            }
            Assert.True(problems.Count == 0, string.Join("; ", problems.ToArray()));
        }

        private static void CheckSignature(CHeader header, CHeader.Function declared, MethodInfo method, List<string> problems)
        {
            ParameterInfo[] parameters = method.GetParameters();
            if (parameters.Length != declared.ParameterTypes.Count)
            {
                problems.Add(declared.Name + ": nav.h has " + declared.ParameterTypes.Count + " parameters, the import "
                    + parameters.Length);
                return;
            }
            Type expectedReturn = ManagedType(header, declared.ReturnType, false);
            if (method.ReturnType != expectedReturn)
            {
                problems.Add(declared.Name + ": returns " + method.ReturnType + ", nav.h says " + declared.ReturnType);
            }
            for (int i = 0; i < parameters.Length; i++)
            {
                Type expected = ManagedType(header, declared.ParameterTypes[i], false);
                if (parameters[i].ParameterType != expected)
                {
                    problems.Add(declared.Name + ": parameter " + i + " (" + parameters[i].Name + ") is "
                        + parameters[i].ParameterType + ", nav.h's `" + declared.ParameterTypes[i] + "` needs " + expected);
                }
            }
        }

        /// <summary>The C# type a C type maps to: fixed-width numbers to their C# equivalents,
        /// opaque handles (pointers to them) to IntPtr, other pointers to typed pointers.</summary>
        private static Type ManagedType(CHeader header, string cType, bool field)
        {
            string t = Regex.Replace(cType.Replace("const ", " ").Replace("struct ", " "), @"\s+", " ").Trim();
            int stars = t.Count(c => c == '*');
            string name = t.Replace("*", "").Trim();
            if (header.OpaqueTypes.Contains(name))
            {
                Assert.True(stars >= 1, "opaque type " + name + " by value");
                Type handle = typeof(IntPtr);
                for (int i = 1; i < stars; i++)
                {
                    handle = handle.MakePointerType();
                }
                return handle;
            }
            Type baseType;
            switch (name)
            {
                case "uint8_t": baseType = typeof(byte); break;
                case "char": baseType = typeof(byte); break;
                case "uint16_t": baseType = typeof(ushort); break;
                case "uint32_t": baseType = typeof(uint); break;
                case "int32_t": baseType = typeof(int); break;
                case "uint64_t": baseType = typeof(ulong); break;
                case "int64_t": baseType = typeof(long); break;
                case "float": baseType = typeof(float); break;
                case "double": baseType = typeof(double); break;
                default:
                    baseType = Runtime.GetType("Nav." + name);
                    if (baseType == null)
                    {
                        throw new TestFailure("nav.h type `" + cType + "` has no C# type Nav." + name);
                    }
                    break;
            }
            for (int i = 0; i < stars; i++)
            {
                baseType = baseType.MakePointerType();
            }
            return baseType;
        }

        private static int CSize(CHeader header, string cType, out int align)
        {
            string name = Regex.Replace(cType.Replace("struct ", " "), @"\s+", " ").Trim();
            switch (name)
            {
                case "uint8_t": align = 1; return 1;
                case "uint16_t": align = 2; return 2;
                case "uint32_t": case "int32_t": case "float": align = 4; return 4;
                case "uint64_t": case "int64_t": case "double": align = 8; return 8;
            }
            List<CHeader.Field> fields;
            if (!header.Structs.TryGetValue(name, out fields))
            {
                throw new TestFailure("nav.h: struct field of type `" + cType + "`, which is neither a fixed-width number nor a struct");
            }
            int[] offsets;
            return CLayout(header, fields, out offsets, out align);
        }

        /// <summary>The C layout of a struct: each field at the next multiple of its alignment,
        /// the size rounded up to the largest alignment.</summary>
        private static int CLayout(CHeader header, List<CHeader.Field> fields, out int[] offsets, out int align)
        {
            offsets = new int[fields.Count];
            int offset = 0;
            align = 1;
            for (int i = 0; i < fields.Count; i++)
            {
                int fieldAlign;
                int size = CSize(header, fields[i].Type, out fieldAlign);
                offset = (offset + fieldAlign - 1) / fieldAlign * fieldAlign;
                offsets[i] = offset;
                offset += size;
                align = Math.Max(align, fieldAlign);
            }
            return (offset + align - 1) / align * align;
        }

        private static string Pascal(string snake)
        {
            return string.Concat(snake.Split('_').Where(p => p.Length > 0)
                .Select(p => char.ToUpperInvariant(p[0]) + p.Substring(1).ToLowerInvariant()).ToArray());
        }

        private static void StructsMatch(CHeader header)
        {
            Assert.True(header.Structs.Count >= 10, "expected the structs of nav.h, found " + header.Structs.Count);
            List<string> problems = new List<string>();
            foreach (KeyValuePair<string, List<CHeader.Field>> s in header.Structs)
            {
                Type type = Runtime.GetType("Nav." + s.Key);
                if (type == null || !type.IsValueType)
                {
                    problems.Add("struct " + s.Key + " has no C# struct Nav." + s.Key);
                    continue;
                }
                Assert.True(type.IsLayoutSequential, s.Key + " must be LayoutKind.Sequential");
                FieldInfo[] fields = type.GetFields(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance);
                if (fields.Length != s.Value.Count)
                {
                    problems.Add(s.Key + ": nav.h has " + s.Value.Count + " fields, C# " + fields.Length);
                    continue;
                }
                int[] offsets;
                int align;
                int size = CLayout(header, s.Value, out offsets, out align);
                for (int i = 0; i < fields.Length; i++)
                {
                    CHeader.Field c = s.Value[i];
                    FieldInfo f = fields.OrderBy(x => Marshal.OffsetOf(type, x.Name).ToInt64()).ElementAt(i);
                    if (f.Name != Pascal(c.Name))
                    {
                        problems.Add(s.Key + " field " + i + ": C# " + f.Name + ", nav.h " + c.Name);
                    }
                    Type expected = ManagedType(header, c.Type, true);
                    Type actual = f.FieldType;
                    if (actual.IsEnum)
                    {
                        // An enum-valued uint32_t field may use the C# enum that its doc names.
                        if (Enum.GetUnderlyingType(actual) != expected || c.Doc.IndexOf(actual.Name, StringComparison.Ordinal) < 0)
                        {
                            problems.Add(s.Key + "." + f.Name + ": enum " + actual.Name + " for `" + c.Type
                                + "` whose doc does not name it");
                        }
                    }
                    else if (actual != expected)
                    {
                        problems.Add(s.Key + "." + f.Name + ": " + actual + ", nav.h `" + c.Type + "` needs " + expected);
                    }
                    long offset = Marshal.OffsetOf(type, f.Name).ToInt64();
                    if (offset != offsets[i])
                    {
                        problems.Add(s.Key + "." + f.Name + ": offset " + offset + ", C " + offsets[i]);
                    }
                }
                if (Marshal.SizeOf(type) != size)
                {
                    problems.Add(s.Key + ": size " + Marshal.SizeOf(type) + ", C " + size);
                }
                // Blittable: pinning an array of it works only for blittable types.
                Array one = Array.CreateInstance(type, 1);
                GCHandle pin = GCHandle.Alloc(one, GCHandleType.Pinned);
                pin.Free();
            }
            Assert.True(problems.Count == 0, string.Join("; ", problems.ToArray()));
        }

        private static void EnumsMatch(CHeader header)
        {
            Assert.True(header.Enums.Count >= 5, "expected the enums of nav.h, found " + header.Enums.Count);
            List<string> problems = new List<string>();
            foreach (KeyValuePair<string, Dictionary<string, ulong>> e in header.Enums)
            {
                Type type = Runtime.GetType("Nav." + e.Key);
                if (type == null || !type.IsEnum)
                {
                    problems.Add("enum " + e.Key + " has no C# enum Nav." + e.Key);
                    continue;
                }
                Assert.Equal(typeof(uint), Enum.GetUnderlyingType(type), e.Key + " underlying type");
                // NAV_PATH_STATUS_FOUND -> Found (prefix: the enum's name); NAV_OK -> Ok (NavStatus).
                string prefix = Regex.Replace(e.Key, "([a-z])([A-Z])", "$1_$2").ToUpperInvariant() + "_";
                Dictionary<string, ulong> expected = new Dictionary<string, ulong>();
                foreach (KeyValuePair<string, ulong> member in e.Value)
                {
                    string name = member.Key.StartsWith(prefix, StringComparison.Ordinal)
                        ? member.Key.Substring(prefix.Length) : member.Key.Substring("NAV_".Length);
                    expected[Pascal(name)] = member.Value;
                }
                string[] names = Enum.GetNames(type);
                foreach (KeyValuePair<string, ulong> member in expected)
                {
                    if (Array.IndexOf(names, member.Key) < 0)
                    {
                        problems.Add(e.Key + " lacks " + member.Key);
                    }
                    else if (Convert.ToUInt64(Enum.Parse(type, member.Key)) != member.Value)
                    {
                        problems.Add(e.Key + "." + member.Key + " is " + Convert.ToUInt64(Enum.Parse(type, member.Key))
                            + ", nav.h " + member.Value);
                    }
                }
                foreach (string name in names)
                {
                    if (!expected.ContainsKey(name))
                    {
                        problems.Add(e.Key + "." + name + " is not in nav.h");
                    }
                }
            }
            Assert.True(problems.Count == 0, string.Join("; ", problems.ToArray()));
        }

        private static void VersionsMatch(CHeader header)
        {
            Assert.Equal(header.Macros["NAV_VERSION_MAJOR"], NativeMethods.VersionMajor.ToString(), "major");
            Assert.Equal(header.Macros["NAV_VERSION_MINOR"], NativeMethods.VersionMinor.ToString(), "minor");
            Assert.Equal(header.Macros["NAV_VERSION_PATCH"], NativeMethods.VersionPatch.ToString(), "patch");
            NavVersion native = NavLibrary.NativeVersion;
            Assert.Equal(NavLibrary.BindingsVersion.ToString(), native.ToString(), "nav_version() of the loaded library");
            NavLibrary.EnsureCompatible();
        }

        /// <summary>The checks above are only as good as the parser: feed it declarations in the
        /// header's style and make sure a wrong import would be caught.</summary>
        private static void ParserSelfCheck()
        {
            CHeader h = new CHeader(
                "typedef struct NavGrid NavGrid;\n" +
                "typedef struct NavCell {\n  /** Column. */\n  uint32_t x;\n  uint32_t y;\n} NavCell;\n" +
                "enum NavMoves\n#if defined(__cplusplus)\n  : uint32_t\n#endif // x\n {\n    /** doc, with = 3, */\n    NAV_MOVES_EIGHT = 0,\n    NAV_MOVES_FOUR = 1,\n};\n" +
                "/**\n * nav_fake(int a, int b);\n */\nNavStatus nav_grid_cell(const struct NavGrid *grid,\n                        uint32_t x,\n                        uint32_t y,\n                        struct NavGridCellInfo *out_cell);\n" +
                "NavStatus nav_query_create(struct NavQuery **out_query);\n");
            Assert.Equal(2, h.Functions.Count, "functions (the one in a comment is not one)");
            Assert.Equal(4, h.Functions["nav_grid_cell"].ParameterTypes.Count, "parameters of nav_grid_cell");
            Assert.Equal("const struct NavGrid *", h.Functions["nav_grid_cell"].ParameterTypes[0], "first parameter type");
            Assert.Equal(2, h.Structs["NavCell"].Count, "fields of NavCell");
            Assert.Equal(2, h.Enums["NavMoves"].Count, "members of NavMoves");
            Assert.True(h.OpaqueTypes.Contains("NavGrid"), "NavGrid is opaque");
            Assert.Equal(typeof(IntPtr), ManagedType(h, "const struct NavGrid *", false), "opaque handle");
            Assert.Equal(typeof(NavGridCellInfo).MakePointerType(), ManagedType(h, "struct NavGridCellInfo *", false), "struct pointer");
            List<string> problems = new List<string>();
            CHeader.Function f = h.Functions["nav_grid_cell"];
            f.ParameterTypes[1] = "uint64_t";
            CheckSignature(h, f, typeof(NativeMethods).GetMethod("nav_grid_cell"), problems);
            Assert.Equal(1, problems.Count, "a uint64_t parameter against the uint import is reported");
        }
    }
}
