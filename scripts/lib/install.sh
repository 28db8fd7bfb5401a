# Shared by the test scripts (sourced, not run): step headers and installing missing tools.

step() { printf '\n==> %s\n' "$*"; }

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
    if [[ $(id -u) == 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "error: $* needs root, and sudo is not available" >&2
        exit 1
    fi
}

# apt_install [apt-get options] PACKAGE...: installs the packages with apt-get.
apt_install() {
    local packages=() arg
    for arg in "$@"; do
        [[ $arg == -* ]] || packages+=("$arg")
    done
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: ${packages[*]} missing and apt-get is not available; install it by hand" >&2
        exit 1
    fi
    step "installing ${packages[*]}"
    as_root apt-get update -qq
    # `env` inside: sudo does not pass the caller's environment on.
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
