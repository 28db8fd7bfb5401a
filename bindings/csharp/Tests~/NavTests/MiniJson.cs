// Just enough JSON to read the nav CLI's output and the package's manifests: objects become
// Dictionary<string, object>, arrays List<object>, numbers double, plus string, bool and null.
// Strict: trailing text, trailing commas and unterminated values are errors.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Nav.Tests
{
    internal sealed class MiniJson
    {
        private readonly string text;
        private int pos;

        private MiniJson(string text)
        {
            this.text = text;
        }

        public static object Parse(string text)
        {
            MiniJson parser = new MiniJson(text);
            object value = parser.Value();
            parser.SkipSpace();
            if (parser.pos != text.Length)
            {
                throw parser.Error("trailing text");
            }
            return value;
        }

        private FormatException Error(string what)
        {
            return new FormatException("JSON: " + what + " at offset " + pos);
        }

        private void SkipSpace()
        {
            while (pos < text.Length && char.IsWhiteSpace(text[pos]))
            {
                pos++;
            }
        }

        private char Peek()
        {
            SkipSpace();
            if (pos >= text.Length)
            {
                throw Error("unexpected end");
            }
            return text[pos];
        }

        private void Expect(char c)
        {
            if (Peek() != c)
            {
                throw Error("expected '" + c + "'");
            }
            pos++;
        }

        private object Value()
        {
            char c = Peek();
            switch (c)
            {
                case '{': return Object();
                case '[': return Array();
                case '"': return String();
                case 't': Word("true"); return true;
                case 'f': Word("false"); return false;
                case 'n': Word("null"); return null;
                default: return Number();
            }
        }

        private void Word(string word)
        {
            if (string.CompareOrdinal(text, pos, word, 0, word.Length) != 0)
            {
                throw Error("expected " + word);
            }
            pos += word.Length;
        }

        private Dictionary<string, object> Object()
        {
            Dictionary<string, object> result = new Dictionary<string, object>();
            Expect('{');
            if (Peek() == '}')
            {
                pos++;
                return result;
            }
            while (true)
            {
                if (Peek() != '"')
                {
                    throw Error("expected a key");
                }
                string key = String();
                Expect(':');
                result[key] = Value();
                char c = Peek();
                pos++;
                if (c == '}')
                {
                    return result;
                }
                if (c != ',')
                {
                    throw Error("expected ',' or '}'");
                }
            }
        }

        private List<object> Array()
        {
            List<object> result = new List<object>();
            Expect('[');
            if (Peek() == ']')
            {
                pos++;
                return result;
            }
            while (true)
            {
                result.Add(Value());
                char c = Peek();
                pos++;
                if (c == ']')
                {
                    return result;
                }
                if (c != ',')
                {
                    throw Error("expected ',' or ']'");
                }
            }
        }

        private string String()
        {
            Expect('"');
            StringBuilder s = new StringBuilder();
            while (true)
            {
                if (pos >= text.Length)
                {
                    throw Error("unterminated string");
                }
                char c = text[pos++];
                if (c == '"')
                {
                    return s.ToString();
                }
                if (c != '\\')
                {
                    s.Append(c);
                    continue;
                }
                if (pos >= text.Length)
                {
                    throw Error("unterminated escape");
                }
                char e = text[pos++];
                switch (e)
                {
                    case '"': s.Append('"'); break;
                    case '\\': s.Append('\\'); break;
                    case '/': s.Append('/'); break;
                    case 'b': s.Append('\b'); break;
                    case 'f': s.Append('\f'); break;
                    case 'n': s.Append('\n'); break;
                    case 'r': s.Append('\r'); break;
                    case 't': s.Append('\t'); break;
                    case 'u':
                        if (pos + 4 > text.Length)
                        {
                            throw Error("short \\u escape");
                        }
                        s.Append((char)int.Parse(text.Substring(pos, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                        pos += 4;
                        break;
                    default: throw Error("bad escape");
                }
            }
        }

        private double Number()
        {
            int start = pos;
            while (pos < text.Length && "+-0123456789.eE".IndexOf(text[pos]) >= 0)
            {
                pos++;
            }
            double value;
            if (start == pos || !double.TryParse(text.Substring(start, pos - start), NumberStyles.Float,
                    CultureInfo.InvariantCulture, out value))
            {
                pos = start;
                throw Error("bad value");
            }
            return value;
        }
    }
}
