// A stand-in for the few members of UnityEngine that Runtime/NavUnity.cs uses, with Unity's
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

        public override string ToString()
        {
            return "(" + x + ", " + y + ", " + z + ")";
        }
    }
}
