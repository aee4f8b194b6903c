// The import rules ESLint cannot check file by file (docs/conventions.md#where-new-code-goes), on the graph
// TypeScript itself resolves: no import cycle anywhere, type-only imports included; no cycle between the server's
// modules either (a module is a folder of apps/server/src/modules); the server's plugins/ and db/ import no module
// (their tests may); a web feature never imports another feature; components/, hooks/ and lib/ never import a
// feature. Dynamic imports do not count: they run nothing
// while another module is still loading. Part of `npm run lint`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const PROJECTS = ['packages/shared', 'apps/server', 'apps/web'];

/** The files a module imports, type-only ones included, and whether it imports each when it runs. */
function importsOf(fileName) {
  const source = ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      found.push({ specifier: statement.moduleSpecifier.text, runs: !typeOnly });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      found.push({ specifier: statement.moduleSpecifier.text, runs: !statement.isTypeOnly });
    }
  }
  return found;
}

function projectGraph(project) {
  const configPath = path.join(root, project, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const sourceRoot = path.join(root, project, 'src') + path.sep;
  const files = parsed.fileNames.filter((file) => file.startsWith(sourceRoot));
  const graph = new Map();
  for (const file of files) {
    const targets = [];
    for (const { specifier, runs } of importsOf(file)) {
      const resolved = ts.resolveModuleName(specifier, file, parsed.options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && resolved.startsWith(sourceRoot)) targets.push({ file: resolved, runs });
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle's members, by Tarjan's strongly connected components. */
function cycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(node) {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const webSource = path.join(root, 'apps/web/src') + path.sep;
const featureOf = (file) => /^features\/([^/]+)\//.exec(path.relative(webSource, file).split(path.sep).join('/'))?.[1];
const isSharedWebCode = (file) =>
  /^(api|components|hooks|lib)\//.test(path.relative(webSource, file).split(path.sep).join('/'));

const serverModules = path.join(root, 'apps/server/src/modules') + path.sep;
const serverModuleOf = (file) => /^([^/]+)\//.exec(path.relative(serverModules, file).split(path.sep).join('/'))?.[1];
const serverSource = path.join(root, 'apps/server/src') + path.sep;
const isTest = (file) => /\.test\.tsx?$/.test(file);
/** A source file of the server's infrastructure, which every module may use and so may use no module. */
const isInfrastructure = (file) =>
  /^(plugins|db)\//.test(path.relative(serverSource, file).split(path.sep).join('/')) && !isTest(file);

/** The server's modules and what each imports of the others, with one import that shows each edge. */
function moduleGraph(graph) {
  const modules = new Map();
  const example = new Map();
  for (const [file, targets] of graph) {
    // A test may exercise several modules together; what it imports is no module's dependency.
    const from = file.startsWith(serverModules) && !isTest(file) ? serverModuleOf(file) : undefined;
    if (!from) continue;
    if (!modules.has(from)) modules.set(from, []);
    for (const target of targets) {
      const to = target.file.startsWith(serverModules) ? serverModuleOf(target.file) : undefined;
      if (!to || to === from || modules.get(from).includes(to)) continue;
      modules.get(from).push(to);
      example.set(`${from}→${to}`, `${path.relative(root, file)} → ${path.relative(root, target.file)}`);
    }
  }
  return { modules, example };
}

const problems = [];
for (const project of PROJECTS) {
  const graph = projectGraph(project);
  const files = new Map([...graph].map(([file, targets]) => [file, targets.map((target) => target.file)]));
  for (const component of cycles(files)) {
    problems.push(`import cycle: ${component.map((file) => path.relative(root, file)).join(' ↔ ')}`);
  }
  if (project === 'apps/server') {
    const { modules, example } = moduleGraph(graph);
    for (const component of cycles(modules)) {
      const edges = component.flatMap((from) =>
        component.filter((to) => example.has(`${from}→${to}`)).map((to) => example.get(`${from}→${to}`)),
      );
      problems.push(`module cycle: ${component.join(' ↔ ')} (${edges.join('; ')})`);
    }
    for (const [file, targets] of graph) {
      if (!isInfrastructure(file)) continue;
      for (const { file: target } of targets.filter((target) => target.file.startsWith(serverModules)))
        problems.push(
          `plugins/ and db/ import no module (app.ts passes in what a plugin needs of one): ${path.relative(root, file)} → ${path.relative(root, target)}`,
        );
    }
  }
  if (project !== 'apps/web') continue;
  for (const [file, targets] of graph) {
    for (const { file: target } of targets) {
      const from = featureOf(file);
      const to = featureOf(target);
      if (from && to && from !== to)
        problems.push(
          `features do not import each other: ${path.relative(root, file)} → ${path.relative(root, target)}`,
        );
      if (isSharedWebCode(file) && to)
        problems.push(
          `components, hooks and lib never import a feature: ${path.relative(root, file)} → ${path.relative(root, target)}`,
        );
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('imports: no cycles, boundaries kept');
