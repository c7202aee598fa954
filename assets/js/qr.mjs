// The invite's QR code (issue 30): the modules of a QR code for a text, from Kazuhiko Arase's
// encoder (npm qrcode-generator, vendored at set-up by scripts/vendor.py). Python draws them
// (kabale.web.views.qr), as it draws everything else: the page only asks the library.
// Loaded only by a host's lobby (page.js imports it then).

import qrcode from "../vendor/qrcode-2.0.4/qrcode.mjs";

// Error correction M (15% of the code may be lost): a phone's camera reads it off a screen at
// an angle; the invite link is some 120 characters, a 41-45 module code at M.
const CORRECTION = "M";

/** The code's rows, each a string of "1" (dark) and "0" (light), top to bottom. */
export function modules(text) {
  const code = qrcode(0, CORRECTION); // type 0: the smallest version that holds the text
  code.addData(String(text), "Byte");
  code.make();
  const count = code.getModuleCount();
  const rows = [];
  for (let row = 0; row < count; row += 1) {
    let line = "";
    for (let column = 0; column < count; column += 1) line += code.isDark(row, column) ? "1" : "0";
    rows.push(line);
  }
  return rows;
}
