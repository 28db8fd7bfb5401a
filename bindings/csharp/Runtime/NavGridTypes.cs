// The plain structs of nav.h, field for field: [StructLayout(LayoutKind.Sequential)], fixed-width
// numbers only, so they are blittable (passed to nav by pointer, no marshalling copies). Fields
// holding a C enum value use the C# enum of the same underlying type (uint). The test program
// checks names, order, types and sizes against the header.

using System;
using System.Runtime.InteropServices;

namespace Nav
{
    /// <summary>A version number (<c>NavVersion</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavVersion
    {
        /// <summary>Incompatible changes.</summary>
        public uint Major;
        /// <summary>Compatible additions.</summary>
        public uint Minor;
        /// <summary>Fixes.</summary>
        public uint Patch;

        /// <summary>"major.minor.patch".</summary>
        public override string ToString()
        {
            return Major + "." + Minor + "." + Patch;
        }
    }

    /// <summary>A cell of a grid (<c>NavCell</c>): column <see cref="X"/> from the left, row
    /// <see cref="Y"/> from the top.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavCell : IEquatable<NavCell>
    {
        /// <summary>Column, from 0 on the left.</summary>
        public uint X;
        /// <summary>Row, from 0 at the top.</summary>
        public uint Y;

        /// <summary>The cell in column <paramref name="x"/>, row <paramref name="y"/>.</summary>
        /// <exception cref="ArgumentOutOfRangeException">A coordinate is negative.</exception>
        public NavCell(int x, int y)
        {
            X = Checked.NonNegative(x, "x");
            Y = Checked.NonNegative(y, "y");
        }

        /// <summary>The cell in column <paramref name="x"/>, row <paramref name="y"/>.</summary>
        public NavCell(uint x, uint y)
        {
            X = x;
            Y = y;
        }

        /// <summary>Same column and row.</summary>
        public bool Equals(NavCell other)
        {
            return X == other.X && Y == other.Y;
        }

        /// <summary>Same column and row.</summary>
        public override bool Equals(object obj)
        {
            return obj is NavCell && Equals((NavCell)obj);
        }

        /// <summary>A hash of column and row.</summary>
        public override int GetHashCode()
        {
            return (int)(X * 0x9E3779B1u ^ Y);
        }

        /// <summary>Same column and row.</summary>
        public static bool operator ==(NavCell a, NavCell b)
        {
            return a.Equals(b);
        }

        /// <summary>Another column or row.</summary>
        public static bool operator !=(NavCell a, NavCell b)
        {
            return !a.Equals(b);
        }

        /// <summary>"(x, y)".</summary>
        public override string ToString()
        {
            return "(" + X + ", " + Y + ")";
        }
    }

    /// <summary>A grid's size and counts (<c>NavGridInfo</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavGridInfo
    {
        /// <summary>Smallest cost multiplier of any cell (1 unless changed).</summary>
        public double MinCostMultiplier;
        /// <summary>Width in cells.</summary>
        public uint Width;
        /// <summary>Height in cells.</summary>
        public uint Height;
        /// <summary>Number of walkable cells.</summary>
        public uint WalkableCount;
        /// <summary>Cells whose terrain is above this value are not walkable (65535: every
        /// terrain is).</summary>
        public uint MaxWalkableTerrain;
    }

    /// <summary>What a grid holds for one cell (<c>NavGridCellInfo</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavGridCellInfo
    {
        /// <summary>Entering the cell costs the step's cost times this (1 unless changed).</summary>
        public double CostMultiplier;
        /// <summary>Terrain value (0..65535; a Moving AI map stores the map character).</summary>
        public uint Terrain;
        /// <summary>1 when the cell's blocked flag is set.</summary>
        public uint Blocked;
        /// <summary>1 when the cell can be entered.</summary>
        public uint Walkable;
        /// <summary><c>y * width + x</c>: the cell's index in row-major arrays.</summary>
        public uint Index;
    }

    /// <summary>The movement rules of grid queries (<c>NavGridRulesDesc</c>), turned into a
    /// <see cref="NavGridRules"/> object. All zeros (<c>default</c>): the Moving AI rules (8
    /// moves, no corner cutting, costs 1 and sqrt(2), octile heuristic).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavGridRulesDesc
    {
        /// <summary>Which offsets a unit may step by.</summary>
        public NavMoves Moves;
        /// <summary>When diagonal steps are allowed.</summary>
        public NavDiagonalRule Diagonal;
        /// <summary>The search's estimate.</summary>
        public NavHeuristic Heuristic;
        /// <summary>1 to accept a heuristic that may overestimate (faster, paths possibly
        /// longer than the shortest); 0 refuses such rules with
        /// <see cref="NavStatus.InvalidRules"/>.</summary>
        public uint AllowInadmissible;
        /// <summary>1 to search jump points (the same optimal paths with far fewer expansions;
        /// needs <see cref="NavMoves.Eight"/> with <see cref="NavDiagonalRule.NoCornerCutting"/>
        /// or <see cref="NavDiagonalRule.Free"/>, and costs with straight &lt;= diagonal &lt;=
        /// 2 * straight; a grid whose cost multipliers differ is searched cell by cell).</summary>
        public uint JumpPoints;
        /// <summary>Must be 0.</summary>
        public uint Reserved;
        /// <summary>Cost of a straight step before the cell's multiplier; 0 means 1.</summary>
        public double StraightCost;
        /// <summary>Cost of a diagonal step; 0 means <c>StraightCost * sqrt(2)</c>.</summary>
        public double DiagonalCost;
    }

    /// <summary>One offset of a custom move set (<c>NavGridMove</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavGridMove
    {
        /// <summary>Column offset, within +-8.</summary>
        public int Dx;
        /// <summary>Row offset, within +-8.</summary>
        public int Dy;
        /// <summary>The move's cost before the cell's multiplier; 0 means the default.</summary>
        public double Cost;

        /// <summary>A move by (<paramref name="dx"/>, <paramref name="dy"/>) costing
        /// <paramref name="cost"/> (0: the default cost).</summary>
        public NavGridMove(int dx, int dy, double cost)
        {
            Dx = dx;
            Dy = dy;
            Cost = cost;
        }
    }

    /// <summary>Per-query options (<c>NavGridQueryOptions</c>). All zeros (<c>default</c>): no
    /// limits, no partial path, agents of one cell.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavGridQueryOptions
    {
        /// <summary>Stop after expanding this many cells (<see cref="NavPathStatus.LimitReached"/>);
        /// 0 = no limit.</summary>
        public ulong MaxExpanded;
        /// <summary>Ignore paths that cost more than this; 0 or +infinity = no limit.</summary>
        public double MaxCost;
        /// <summary>1: when the goal is not reached, return the path to the expanded cell
        /// closest to it instead of nothing.</summary>
        public uint PartialPath;
        /// <summary>Side of the agent in cells, 1 to 255; 0 means 1. A K x K agent occupies the
        /// K x K cells below and right of each cell of its path (the path's cells are its top-left
        /// cells) and only enters cells where it fits (<see cref="NavGrid.Clearance"/> at least K);
        /// a start or goal where it does not fit is <see cref="NavPathStatus.StartBlocked"/> or
        /// <see cref="NavPathStatus.GoalBlocked"/>. Above 255: <see cref="NavStatus.InvalidArgument"/>.</summary>
        public uint AgentSize;
    }

    /// <summary>The outcome of one grid search (<c>NavGridPathResult</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavGridPathResult
    {
        /// <summary>Cost of the path (0 when there is none).</summary>
        public double Cost;
        /// <summary>Number of cells the search expanded.</summary>
        public ulong Expanded;
        /// <summary>How the search ended. A path written with another status than
        /// <see cref="NavPathStatus.Found"/> is a partial path.</summary>
        public NavPathStatus PathStatus;
        /// <summary>Cells in the path, start and end included (0 when there is none).</summary>
        public uint CellCount;

        /// <summary>Whether a path to the goal was found.</summary>
        public bool Found
        {
            get { return PathStatus == NavPathStatus.Found; }
        }
    }

    /// <summary>A start and a goal, for batches (<c>NavGridPair</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavGridPair
    {
        /// <summary>Where the path starts.</summary>
        public NavCell Start;
        /// <summary>Where it should end.</summary>
        public NavCell Goal;

        /// <summary>From <paramref name="start"/> to <paramref name="goal"/>.</summary>
        public NavGridPair(NavCell start, NavCell goal)
        {
            Start = start;
            Goal = goal;
        }
    }

    /// <summary>The outcome of one pair of a batch (<c>NavGridBatchResult</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavGridBatchResult
    {
        /// <summary>Cost of the path (0 when there is none).</summary>
        public double Cost;
        /// <summary>Number of cells the search expanded.</summary>
        public ulong Expanded;
        /// <summary><see cref="NavStatus.Ok"/>, <see cref="NavStatus.OutOfRange"/>,
        /// <see cref="NavStatus.BufferTooSmall"/> (the path did not fit: <see cref="CellCount"/>
        /// says how many cells it has) or <see cref="NavStatus.Panic"/>.</summary>
        public NavStatus Status;
        /// <summary>How the search ended (when <see cref="Status"/> is Ok or BufferTooSmall).</summary>
        public NavPathStatus PathStatus;
        /// <summary>Cells in the path: written to the pair's slot of the cell buffer, or needed.</summary>
        public uint CellCount;
        /// <summary>Always 0.</summary>
        public uint Reserved;
    }
}
