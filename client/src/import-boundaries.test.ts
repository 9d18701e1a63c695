// The client's import boundaries (eslint.config.js, import-x/no-restricted-paths) really fire: an import the
// resolver cannot resolve would be skipped silently, so each zone is checked here on a probe file.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return result.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('client import boundaries', () => {
  it('When a feature imports another feature, then lint reports it', async () => {
    const errors = await boundaryErrors(
      'client/src/features/orders/probe.ts',
      "import { listProducts } from '../admin/api/admin-api';\nexport const probe = listProducts;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('must not import another feature');
  });

  it('When a feature imports the app, then lint reports it', async () => {
    const errors = await boundaryErrors(
      'client/src/features/home/probe.ts',
      "import { routes } from '../../app/router';\nexport const probe = routes;\n",
    );
    expect(errors).toEqual([expect.stringContaining('must not import the app')]);
  });

  it('When shared code imports a feature or the app, then lint reports each import', async () => {
    const code = [
      "import { getHome } from '../features/home/api/get-home';",
      "import { routes } from '../app/router';",
      'export const probe = [getHome, routes];',
      '',
    ].join('\n');
    for (const folder of ['components', 'lib', 'config', 'i18n']) {
      expect(await boundaryErrors(`client/src/${folder}/probe.ts`, code), folder).toHaveLength(2);
    }
  });

  it('When a feature imports shared code, its own files and #shared, then lint allows it', async () => {
    const code = [
      "import { OrderTable } from '../../../components/order-table';",
      "import { paths } from '../../../config';",
      "import { LIMITS } from '#shared/constants';",
      "import { listOrderQueue } from '../api/admin-orders';",
      'export const probe = [OrderTable, paths, LIMITS, listOrderQueue];',
      '',
    ].join('\n');
    expect(await boundaryErrors('client/src/features/orders/routes/probe.ts', code)).toEqual([]);
  });

  it('When the app imports features, then lint allows it', async () => {
    const code =
      "import { RecentOrdersTable } from '../features/home/components/recent-orders-table';\nexport const probe = RecentOrdersTable;\n";
    expect(await boundaryErrors('client/src/app/probe.ts', code)).toEqual([]);
  });
});
