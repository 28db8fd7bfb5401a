// A stand-in for the few members of UnityEngine that Runtime/NavUnity.cs uses (Vector3, Bounds, and what the sample uses), with Unity's
// names and signatures, so that the Unity-only code compiles and runs under plain Mono in the
// tests (scripts/test-csharp.sh builds the runtime a second time with UNITY_5_3_OR_NEWER
// defined against this assembly). It is not part of the package and never ships.
namespace UnityEngine
{
    public struct Vector3
    {
        public float x;
        public float y;
        public float z;

        public Vector3(float x, float y, float z)
        {
            this.x = x;
            this.y = y;
            this.z = z;
        }

        public static Vector3 MoveTowards(Vector3 current, Vector3 target, float maxDistanceDelta)
        {
            float dx = target.x - current.x, dy = target.y - current.y, dz = target.z - current.z;
            float distance = (float)System.Math.Sqrt(dx * dx + dy * dy + dz * dz);
            if (distance <= maxDistanceDelta || distance == 0f)
            {
                return target;
            }
            float t = maxDistanceDelta / distance;
            return new Vector3(current.x + dx * t, current.y + dy * t, current.z + dz * t);
        }

        public override string ToString()
        {
            return "(" + x + ", " + y + ", " + z + ")";
        }
    }

    public struct Bounds
    {
        private Vector3 m_Center;
        private Vector3 m_Extents;

        public Bounds(Vector3 center, Vector3 size)
        {
            m_Center = center;
            m_Extents = new Vector3(size.x * 0.5f, size.y * 0.5f, size.z * 0.5f);
        }

        public Vector3 center { get { return m_Center; } }

        public Vector3 min
        {
            get { return new Vector3(m_Center.x - m_Extents.x, m_Center.y - m_Extents.y, m_Center.z - m_Extents.z); }
        }

        public Vector3 max
        {
            get { return new Vector3(m_Center.x + m_Extents.x, m_Center.y + m_Extents.y, m_Center.z + m_Extents.z); }
        }
    }

    // For the sample Samples~/GridPathFollower (compiled by scripts/test-csharp.sh).
    public class Object
    {
    }

    public class Component : Object
    {
        private Transform m_Transform;

        public Transform transform
        {
            get { return m_Transform ?? (m_Transform = new Transform()); }
        }
    }

    public class Behaviour : Component
    {
    }

    public class MonoBehaviour : Behaviour
    {
    }

    public class Transform : Component
    {
        public Vector3 position { get; set; }
    }

    public class TextAsset : Object
    {
        public string text { get; set; }
    }

    public static class Time
    {
        public static float deltaTime { get { return 0.02f; } }
    }

    public static class Debug
    {
        public static void LogWarning(object message)
        {
            System.Console.Error.WriteLine(message);
        }
    }

    [System.AttributeUsage(System.AttributeTargets.Field)]
    public sealed class SerializeField : System.Attribute
    {
    }
}
