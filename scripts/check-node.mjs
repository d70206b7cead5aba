// Fails early, with a clear message, when a script runs on a Node older than 24.
// `npm run` puts node_modules/.bin first on PATH, where the `node` devDependency provides Node 24.
export function nodeVersionProblem(version = process.version) {
  const major = Number(version.replace(/^v/, "").split(".")[0]);
  if (major >= 24) return null;
  return (
    `Vacation Points Market needs Node 24 or newer; this is ${version}.\n` +
    "Run scripts through npm (npm start, npm test, npm run dev): npm uses the Node 24 from the `node` devDependency.\n" +
    "If that is missing, run `npm install` (not `npm ci --ignore-scripts`, which drops it)."
  );
}

const problem = nodeVersionProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}
