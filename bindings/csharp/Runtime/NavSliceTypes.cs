using System.Runtime.InteropServices;

namespace Nav
{
    /// <summary>Where a time-sliced query stands (<c>NavSliceStage</c>).</summary>
    public enum NavSliceStage : uint
    {
        /// <summary>No sliced query: none was begun, it was cancelled (also by a step that found
        /// the world edited), or a plain query of the same navigator replaced it.</summary>
        Idle = 0,
        /// <summary>Begun and not ended: step it again.</summary>
        Running = 1,
        /// <summary>Ended: the outcome is that of the navigator's FindPath, and the Copy*Path
        /// methods of <see cref="NavQuery"/> read the path.</summary>
        Finished = 2,
    }

    /// <summary>The state of a time-sliced query (<c>NavSliceState</c>), returned by every
    /// <c>BeginSliced</c> and <c>StepSliced</c> of <see cref="NavQuery"/>.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavSliceState
    {
        /// <summary>A <c>NavSliceStage</c> value.</summary>
        public NavSliceStage Stage;
        /// <summary>When finished: a <c>NavPathStatus</c> value; 0 otherwise.</summary>
        public NavPathStatus PathStatus;
        /// <summary>Nodes expanded so far (the total once finished).</summary>
        public ulong Expanded;
        /// <summary>When finished: the path's cost (grids) or length.</summary>
        public double Cost;
        /// <summary>When finished: the cells, points or pieces of the path.</summary>
        public uint Count;
        /// <summary>When finished: 1 for a partial path, else 0.</summary>
        public uint Partial;

        /// <summary>Whether the query needs more steps.</summary>
        public bool Running
        {
            get { return Stage == NavSliceStage.Running; }
        }

        /// <summary>Whether the query has ended (its path is readable).</summary>
        public bool Finished
        {
            get { return Stage == NavSliceStage.Finished; }
        }
    }
}
