// A small test harness: named tests, assertions that throw, a summary, an exit status.
using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace Nav.Tests
{
    internal sealed class TestFailure : Exception
    {
        public TestFailure(string message) : base(message) { }
    }

    internal static class Assert
    {
        public static void True(bool condition, string message)
        {
            if (!condition)
            {
                throw new TestFailure(message);
            }
        }

        public static void Equal<T>(T expected, T actual, string what)
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual))
            {
                throw new TestFailure(what + ": expected " + expected + ", got " + actual);
            }
        }

        public static void Close(double expected, double actual, double tolerance, string what)
        {
            if (!(Math.Abs(expected - actual) <= tolerance))
            {
                throw new TestFailure(what + ": expected " + expected.ToString("R") + ", got "
                    + actual.ToString("R") + " (tolerance " + tolerance + ")");
            }
        }

        /// <summary>Runs <paramref name="action"/>, which must throw a <typeparamref name="T"/>;
        /// returns it.</summary>
        public static T Throws<T>(Action action, string what) where T : Exception
        {
            try
            {
                action();
            }
            catch (T expected)
            {
                return expected;
            }
            catch (Exception other)
            {
                throw new TestFailure(what + ": expected " + typeof(T).Name + ", got " + other.GetType().Name
                    + ": " + other.Message);
            }
            throw new TestFailure(what + ": expected " + typeof(T).Name + ", nothing was thrown");
        }

        /// <summary>Runs <paramref name="action"/>, which must throw a NavException with
        /// <paramref name="status"/> and a message that names <paramref name="function"/>.</summary>
        public static NavException Fails(NavStatus status, string function, Action action, string what)
        {
            NavException e = Throws<NavException>(action, what);
            Equal(status, e.Status, what + " (status)");
            True(e.NativeMessage.StartsWith(function + ": ", StringComparison.Ordinal),
                what + ": the message should start with `" + function + ": `, got `" + e.NativeMessage + "`");
            return e;
        }
    }

    internal sealed class Harness
    {
        private readonly List<KeyValuePair<string, Action>> tests = new List<KeyValuePair<string, Action>>();
        private readonly string filter;

        public Harness(string filter)
        {
            this.filter = filter;
        }

        public void Add(string name, Action test)
        {
            tests.Add(new KeyValuePair<string, Action>(name, test));
        }

        /// <summary>Runs every test (or those whose name contains the filter); returns the
        /// number of failures.</summary>
        public int Run()
        {
            int failures = 0;
            int run = 0;
            Stopwatch total = Stopwatch.StartNew();
            foreach (KeyValuePair<string, Action> test in tests)
            {
                if (filter != null && test.Key.IndexOf(filter, StringComparison.Ordinal) < 0)
                {
                    continue;
                }
                run++;
                Stopwatch watch = Stopwatch.StartNew();
                try
                {
                    test.Value();
                    Console.WriteLine("ok   {0} ({1} ms)", test.Key, watch.ElapsedMilliseconds);
                }
                catch (Exception e)
                {
                    failures++;
                    TestFailure failure = e as TestFailure;
                    Console.WriteLine("FAIL {0}: {1}", test.Key, failure != null ? failure.Message : e.ToString());
                }
            }
            Console.WriteLine();
            Console.WriteLine("{0} tests, {1} failed ({2:F1} s)", run, failures, total.Elapsed.TotalSeconds);
            if (run == 0)
            {
                Console.WriteLine("no test matched the filter");
                return 1;
            }
            return failures;
        }
    }
}
