using System;

namespace Nav
{
    /// <summary>Conversions of C# arguments (ints, lengths) to the C ABI's unsigned numbers,
    /// refusing what would wrap around instead of passing a misleading value to nav.</summary>
    internal static class Checked
    {
        internal static uint NonNegative(int value, string name)
        {
            if (value < 0)
            {
                throw new ArgumentOutOfRangeException(name, value, name + " must not be negative");
            }
            return (uint)value;
        }

        internal static void NotNull(object value, string name)
        {
            if (value == null)
            {
                throw new ArgumentNullException(name);
            }
        }

        internal static uint Length(Array array)
        {
            return array == null ? 0u : (uint)array.Length;
        }
    }
}
