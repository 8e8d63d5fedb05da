# Sourced by the scripts that take screenshots: sets `chromium` to the browser to run (CHROMIUM,
# else Debian's chromium or another on the PATH) and `flags` to the options of a headless run,
# or exits when there is none.
chromium="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}"
if [[ -z "$chromium" ]]; then
    echo "error: no Chromium found; install Debian's chromium or set CHROMIUM" >&2
    exit 1
fi
flags=(--headless --disable-gpu --hide-scrollbars --no-first-run --no-default-browser-check)
# Chromium refuses to run as root inside its sandbox.
[[ "$(id -u)" == 0 ]] && flags+=(--no-sandbox)
