/* A stand-in for bcryptprimitives.dll, for running the Windows tests under Wine only.
 *
 * Rust's standard library imports ProcessPrng from bcryptprimitives.dll (present on Windows 10
 * and later); Wine 8, which Debian 12 ships, does not provide that DLL, so nav.dll would not
 * load. scripts/test-windows.sh builds this file next to the test executables, where Windows
 * looks first; it forwards to RtlGenRandom (SystemFunction036 in advapi32). It is never part
 * of what nav ships. */
#include <windows.h>
#define SystemFunction036 NTAPI SystemFunction036
#include <ntsecapi.h>
#undef SystemFunction036

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    return RtlGenRandom(data, (ULONG)len);
}
