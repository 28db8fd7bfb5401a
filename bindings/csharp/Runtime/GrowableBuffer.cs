using System;

namespace Nav
{
    /// <summary>The array behind the reusable result classes (<see cref="NavGridPath"/>,
    /// <see cref="NavWorldPath"/>, <see cref="NavCirclePath"/>, <see cref="NavPolyline"/>): nav
    /// writes into <see cref="Items"/>, whose first <see cref="Count"/> elements are the result.
    /// It only grows (at least doubling) when a result does not fit, so a warm query allocates
    /// nothing.</summary>
    /// <typeparam name="T">A blittable struct of nav.h, pinned by the calls that fill it.</typeparam>
    internal sealed class GrowableBuffer<T> where T : struct
    {
        private T[] items;

        /// <summary>An empty buffer with room for <paramref name="capacity"/> elements.</summary>
        /// <exception cref="ArgumentOutOfRangeException">capacity is negative.</exception>
        internal GrowableBuffer(int capacity)
        {
            items = new T[Checked.NonNegative(capacity, "capacity")];
        }

        /// <summary>The array itself (replaced when it grows): its first <see cref="Count"/>
        /// elements are the result, the rest is stale.</summary>
        internal T[] Items
        {
            get { return items; }
        }

        /// <summary>Elements of the result (0 when there is none).</summary>
        internal int Count { get; set; }

        /// <summary>Element <paramref name="index"/> of the result.</summary>
        /// <exception cref="ArgumentOutOfRangeException">index is not below <see cref="Count"/>.</exception>
        internal T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)Count)
                {
                    throw new ArgumentOutOfRangeException("index");
                }
                return items[index];
            }
        }

        /// <summary>Makes room for <paramref name="needed"/> elements; the contents are not kept
        /// (nav writes the whole result again).</summary>
        internal void EnsureCapacity(int needed)
        {
            if (items.Length < needed)
            {
                items = new T[Math.Max(needed, items.Length * 2)];
            }
        }
    }
}
