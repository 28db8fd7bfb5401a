// Running the nav CLI (the Rust reference) from the tests.
using System.Diagnostics;

namespace Nav.Tests
{
    internal static class Cli
    {
        /// <summary>Runs <paramref name="program"/>; returns its standard output followed by its
        /// standard error.</summary>
        public static string Run(string program, string arguments, out int exitCode)
        {
            ProcessStartInfo info = new ProcessStartInfo(program, arguments)
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            };
            using (Process process = Process.Start(info))
            {
                // Error output is a line or two: reading it after the output cannot deadlock.
                string stdout = process.StandardOutput.ReadToEnd();
                string stderr = process.StandardError.ReadToEnd();
                process.WaitForExit();
                exitCode = process.ExitCode;
                return stdout + stderr;
            }
        }

        /// <summary>The CLI's JSON name of a path status.</summary>
        public static string StatusName(NavPathStatus status)
        {
            switch (status)
            {
                case NavPathStatus.Found: return "found";
                case NavPathStatus.NoPath: return "no_path";
                case NavPathStatus.LimitReached: return "limit_reached";
                case NavPathStatus.StartBlocked: return "start_blocked";
                case NavPathStatus.GoalBlocked: return "goal_blocked";
                case NavPathStatus.OutOfBounds: return "out_of_bounds";
                default: return status.ToString();
            }
        }
    }
}
