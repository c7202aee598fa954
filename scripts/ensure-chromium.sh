#!/usr/bin/env sh
# Make sure a Chromium exists for the browser tests: Debian's package, installed
# through the system's package manager when none is found. (`playwright install`
# cannot download browsers here, and a CDN is never used.)
set -eu
for candidate in "${KABALE_CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
        exit 0
    fi
done
echo "ensure-chromium: no Chromium found; installing Debian's chromium package"
if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y --no-install-recommends chromium \
    || { $SUDO apt-get update && $SUDO apt-get install -y --no-install-recommends chromium; }
test -x /usr/bin/chromium
