/**
 * A Turbopack loader (an import's `turbopackLoader`): the JSON file with only
 * the top-level keys named in its `keys` option, as a module's default export.
 * A client component that must bring its own texts (app/global-error.tsx, which
 * no layout can hand props) takes these few, not the whole file.
 */
module.exports = function jsonKeysLoader(source) {
  const { keys } = this.getOptions();
  const json = JSON.parse(source);
  const kept = Object.fromEntries(keys.map((key) => [key, json[key]]));
  return `export default ${JSON.stringify(kept)};`;
};
