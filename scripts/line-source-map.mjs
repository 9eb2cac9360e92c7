// Source maps of the server bundle, thinned to one position per original line (docs/decisions/0220-server-loaded-lean.md).
// With --enable-source-maps, Node turns a bundle's map into one array per position the first time a stack trace
// passes through the bundle (every sign-in's redirect does): esbuild maps about every token, 63,000 positions and
// 7 MB of heap for the server. A stack trace needs the file, the line and the function's name: the first position
// of each original line in each bundle line, and every named one, keep them with under a third of the positions.
import fs from "node:fs";

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUE = new Map([...DIGITS].map((c, i) => [c, i]));

function decodeValues(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = VALUE.get(c) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeValue(n) {
  let value = n < 0 ? (-n << 1) | 1 : n << 1;
  let text = "";
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value > 0) digit |= 32;
    text += DIGITS[digit];
  } while (value > 0);
  return text;
}

/**
 * `mappings` with, in each generated line, only the first segment of each original (source, line), plus those
 * that carry a name (an identifier the bundle renamed: Node names the frame's function from it).
 */
export function thinMappings(mappings) {
  const state = [0, 0, 0, 0]; // source, original line, original column, name: running across lines
  const out = [0, 0, 0, 0];
  return mappings
    .split(";")
    .map((line) => {
      let column = 0;
      let outColumn = 0;
      let last = "";
      const kept = [];
      for (const segment of line ? line.split(",") : []) {
        const [delta = 0, ...rest] = decodeValues(segment);
        column += delta;
        if (rest.length < 3) continue;
        for (let i = 0; i < rest.length; i++) state[i] += rest[i] ?? 0;
        const where = `${state[0]}:${state[1]}`;
        if (where === last && rest.length < 4) continue;
        last = where;
        const fields = [column - outColumn, state[0] - out[0], state[1] - out[1], state[2] - out[2]];
        outColumn = column;
        [out[0], out[1], out[2]] = state;
        if (rest.length === 4) {
          fields.push(state[3] - out[3]);
          out[3] = state[3];
        }
        kept.push(fields.map(encodeValue).join(""));
      }
      return kept.join(",");
    })
    .join(";");
}

export function thinSourceMapFile(file) {
  const map = JSON.parse(fs.readFileSync(file, "utf8"));
  map.mappings = thinMappings(map.mappings);
  fs.writeFileSync(file, JSON.stringify(map));
}
