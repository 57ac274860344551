// A small local ESLint rule that keeps imports flowing one way (docs/design/architecture.md section 3):
// - a web feature never imports another feature;
// - the contract imports only zod (and its own files; its tests also use the test runner);
// - the simulator never imports the server or the contract (it is an outside system);
// - server infrastructure (db, erp, lib, config, mail) never imports the domain modules;
// - server plugins (access control, errors, headers, SPA) never import the domain modules either: a module
//   hands a plugin what it needs (a port type the plugin declares, filled in by app.ts);
// - production code never imports test code (src/test/, testing/ folders and files, *.test.*, test runners).
import path from 'node:path';

const norm = (p) => p.split(path.sep).join('/');

function resolveTarget(fromFile, source) {
  if (source.startsWith('.')) return norm(path.resolve(path.dirname(fromFile), source));
  if (source.startsWith('@/')) {
    const webSrc = norm(fromFile).split('/apps/web/src/')[0] + '/apps/web/src/';
    return webSrc + source.slice(2);
  }
  return source;
}

/** Test code: suites, the test helpers of each app (src/test/, any testing/ folder or testing.ts file). */
const TEST_PATH = /(\.test\.[cm]?[jt]sx?$|\/src\/test\/|\/testing\/|\/testing(\.[cm]?[jt]sx?)?$)/;
/** Packages only tests may use. */
const TEST_PACKAGES = /^(vitest|@vitest\/|fast-check$|@playwright\/test$|@testing-library\/)/;
/** Production code: the sources of an app or package that are not test code. */
const isProduction = (file) => /\/(apps|packages)\/[^/]+\/src\//.test(file) && !TEST_PATH.test(file);

const rule = {
  meta: { type: 'problem', schema: [], messages: { boundary: '{{reason}}' } },
  create(context) {
    const file = norm(context.filename);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = resolveTarget(file, source);
      const report = (reason) => context.report({ node, messageId: 'boundary', data: { reason } });

      const feature = file.match(/\/apps\/web\/src\/features\/([^/]+)\//);
      const targetFeature = target.match(/\/apps\/web\/src\/features\/([^/]+)(\/|$)/);
      if (feature && targetFeature && feature[1] !== targetFeature[1]) {
        report(
          `Feature "${feature[1]}" must not import feature "${targetFeature[1]}"; move shared code to components/ or lib/.`,
        );
      }
      if (/\/apps\/web\/src\/(components|lib)\//.test(file) && targetFeature) {
        report('Shared web code (components/, lib/) must not import features.');
      }
      if (
        file.includes('/packages/contract/src/') &&
        !TEST_PATH.test(file) &&
        !source.startsWith('.') &&
        source !== 'zod'
      ) {
        report('The contract may import only zod.');
      }
      if (
        file.includes('/apps/sap-sim/') &&
        (source.startsWith('@ff/') || target.includes('/apps/server/'))
      ) {
        report('The SAP simulator is an outside system: it must not import our server or contract.');
      }
      if (
        /\/apps\/server\/src\/(db|erp|lib|config|mail)\//.test(file) &&
        target.includes('/apps/server/src/modules/')
      ) {
        report(
          'Server infrastructure must not import domain modules (imports flow modules -> erp, db, lib).',
        );
      }
      if (
        file.includes('/apps/server/src/plugins/') &&
        !TEST_PATH.test(file) &&
        target.includes('/apps/server/src/modules/')
      ) {
        report(
          'Server plugins must not import domain modules: declare the port type in the plugin and let app.ts pass the module in.',
        );
      }
      if (isProduction(file) && (TEST_PATH.test(target) || TEST_PACKAGES.test(source))) {
        report(
          `Production code must not import test code ("${source}"); move what it needs out of the test helpers.`,
        );
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ ...node, source: node.source }),
    };
  },
};

export default { rules: { boundaries: rule } };
