#!/usr/bin/env sh
# Make sure the other engines exist for tests/engines/: Debian's Firefox ESR
# (Gecko, driven over WebDriver BiDi by puppeteer-core) and WebKitGTK's
# WebKitWebDriver with its MiniBrowser (WebKit, driven by selenium), plus Xvfb,
# the X server MiniBrowser draws into. Installed through the system's package
# manager when missing: no browser is ever downloaded from a CDN.
set -eu
missing=""
[ -x /usr/bin/firefox-esr ] || missing="$missing firefox-esr"
command -v WebKitWebDriver >/dev/null 2>&1 || missing="$missing webkit2gtk-driver"
command -v Xvfb >/dev/null 2>&1 || missing="$missing xvfb"
[ -z "$missing" ] && exit 0
echo "ensure-browsers: installing Debian's$missing"
if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086  # one word per package
$SUDO apt-get install -y --no-install-recommends $missing \
    || { $SUDO apt-get update && $SUDO apt-get install -y --no-install-recommends $missing; }
test -x /usr/bin/firefox-esr
ls /usr/lib/*/webkit2gtk-4.1/MiniBrowser >/dev/null
command -v WebKitWebDriver >/dev/null
command -v Xvfb >/dev/null
