using System;

namespace Nav
{
    /// <summary>Movement rules for grid queries (<c>NavGridRules</c>) that passed nav's checks.
    /// Immutable: share one between any number of threads and queries. Queries given no rules
    /// (<c>null</c>) use the Moving AI rules.</summary>
    public sealed partial class NavGridRules : IDisposable
    {
        private readonly NavGridRulesHandle handle;

        /// <summary>Rules described by <paramref name="desc"/> (<c>default</c>: the Moving AI
        /// rules).</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidArgument"/> for unknown
        /// enum values, flags other than 0/1, NaN, infinite or negative costs;
        /// <see cref="NavStatus.InvalidRules"/> for a heuristic that overestimates under these
        /// moves and costs (unless <see cref="NavGridRulesDesc.AllowInadmissible"/> is 1), or
        /// jump points under other moves than 8 with no corner cutting or free diagonals, or with
        /// costs outside straight &lt;= diagonal &lt;= 2 * straight.</exception>
        public NavGridRules(NavGridRulesDesc desc)
            : this(desc, null)
        {
        }

        /// <summary>Rules with a custom move set: <paramref name="desc"/>.Moves must be
        /// <see cref="NavMoves.Custom"/>, and <paramref name="moves"/> 1 to 64 distinct offsets,
        /// each component within +-8, none (0, 0).</summary>
        public unsafe NavGridRules(NavGridRulesDesc desc, NavGridMove[] moves)
        {
            IntPtr rules;
            fixed (NavGridMove* p = moves)
            {
                NavLibrary.Check(NativeMethods.nav_grid_rules_create(&desc, p, Checked.Length(moves), &rules));
            }
            handle = new NavGridRulesHandle(rules);
        }

        /// <summary>The owned C handle, for calls through <see cref="NativeMethods"/>.</summary>
        public NavGridRulesHandle Handle
        {
            get { return handle; }
        }

        /// <summary>Whether <see cref="Dispose"/> was called.</summary>
        public bool IsDisposed
        {
            get { return handle.IsClosed; }
        }

        /// <summary>Frees the rules. Calling it again does nothing.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        internal static HandleLease Lease(NavGridRules rules)
        {
            return new HandleLease(rules == null ? null : rules.handle, "NavGridRules");
        }
    }
}
