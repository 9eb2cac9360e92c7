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

/** Index of `item` in `list`, appended on first use: the sources and names the thinned map still points at. */
function indexIn(list, positions, item) {
  let index = positions.get(item);
  if (index === undefined) {
    index = list.push(item) - 1;
    positions.set(item, index);
  }
  return index;
}

/**
 * The map with, in each generated line, only the first segment of each original (source, line), plus those that
 * carry a name (an identifier the bundle renamed: Node names the frame's function from it). Segments from a
 * source `keepSource` turns down are dropped, and so are the sources and names no segment points at any more.
 */
export function thinMap(map, keepSource = () => true) {
  const state = [0, 0, 0, 0]; // source, original line, original column, name: running across lines
  const out = [0, 0, 0, 0];
  const sources = [];
  const names = [];
  const sourceIndex = new Map();
  const nameIndex = new Map();
  const mappings = map.mappings
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
        if (!keepSource(map.sources[state[0]])) continue;
        const where = `${state[0]}:${state[1]}`;
        if (where === last && rest.length < 4) continue;
        last = where;
        const source = indexIn(sources, sourceIndex, map.sources[state[0]]);
        const fields = [column - outColumn, source - out[0], state[1] - out[1], state[2] - out[2]];
        outColumn = column;
        [out[0], out[1], out[2]] = [source, state[1], state[2]];
        if (rest.length === 4) {
          const name = indexIn(names, nameIndex, map.names[state[3]]);
          fields.push(name - out[3]);
          out[3] = name;
        }
        kept.push(fields.map(encodeValue).join(""));
      }
      return kept.join(",");
    })
    .join(";");
  return { ...map, sources, names, mappings };
}

/**
 * Thins a bundle's map in place. Packages bundled in are not mapped: a frame inside one names the bundle, as a
 * package's own frame names its installed file.
 */
export function thinSourceMapFile(file) {
  const map = JSON.parse(fs.readFileSync(file, "utf8"));
  fs.writeFileSync(file, JSON.stringify(thinMap(map, (source) => !source.includes("node_modules/"))));
}
