/**
 * A deterministic family of histories shaped like the source's integration scenarios ("Two
 * live-model integration scenarios"): a finished side task (a styling ticket, then a listing of
 * badge images, each closed by the conversation), then the work the goal asks about (a failed
 * database migration) with its critical evidence, and a distractor that shares only a generic
 * word (`web`) with the goal. The goal does not name the side work: the conversation closed it.
 */
import type { Block } from '../../core/engine/schema.js';
import type { Scenario } from '../../core/examples/history.js';
import { call, HistoryWriter, numbered, pick, result, seeded, text } from '../../core/examples/history.js';

const TICKETS = ['WEB-1412', 'UI-877', 'STY-203', 'FE-5531'];
const BRAND_VARS = ['--color-brand', '--brand-accent', '--color-primary-600', '--button-brand-bg'];
const STYLE_FILES = ['tokens.css', 'palette.css', 'theme-light.css', 'colors.css'];
const BADGE_DIRS = ['web/public/badges', 'web/assets/badges', 'web/static/img/badges'];
const MIGRATIONS = [
  '0042_add_orders_index',
  '0117_split_invoice_lines',
  '0009_backfill_customer_ids',
  '0230_drop_legacy_cart',
];
const INDEXES = [
  'orders_created_at_idx',
  'invoice_lines_invoice_id_idx',
  'customers_external_id_idx',
  'carts_user_id_idx',
];
/** How the conversation closes the side task: a word, a closed ticket, or simply moving on. */
const CLOSINGS = [
  (ticket: string) => `Thanks, ${ticket} is finished.`,
  () => `Great, that ticket is closed.`,
  (ticket: string) => `${ticket} is done, merged this morning.`,
  () => `Looks good, completed.`,
];

function cssLines(random: () => number, variable: string, file: string, count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const line = 10 + Math.floor(random() * 400);
    const where = pick(random, ['components/button.css', 'components/link.css', 'layout/header.css', `base/${file}`]);
    lines.push(
      `web/styles/${where}:${line}:  color: var(${variable}); /* ${pick(random, ['hover', 'focus', 'active', 'base'])} */`,
    );
  }
  return lines.join('\n');
}

function cssFile(random: () => number, variable: string): string {
  const lines = [':root {'];
  for (let i = 0; i < 90; i++)
    lines.push(
      `  --palette-${pick(random, ['blue', 'grey', 'green', 'red'])}-${(i + 1) * 10}: #${Math.floor(random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')};`,
    );
  lines.push(`  ${variable}: #0b5fff;`, '}');
  return numbered(lines.join('\n'));
}

function badgeListing(random: () => number, dir: string): string {
  const names = [
    'early-adopter',
    'top-reviewer',
    'streak-30',
    'streak-100',
    'beta-tester',
    'helper',
    'founder',
    'bug-hunter',
  ];
  const rows: string[] = [];
  for (let i = 0; i < 60; i++)
    rows.push(
      `-rw-r--r--  1 web  staff  ${1000 + Math.floor(random() * 90000)}  Sep ${1 + (i % 28)}  ${dir}/${pick(random, names)}-${i}.png`,
    );
  return rows.join('\n');
}

function migrationSql(migration: string, index: string): string {
  const table = index.split('_')[0];
  return numbered(
    [
      `-- ${migration}.sql`,
      'BEGIN;',
      `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS archived_at timestamptz;`,
      `CREATE INDEX CONCURRENTLY ${index} ON ${table} (created_at);`,
      `UPDATE ${table} SET archived_at = NULL WHERE archived_at IS NOT NULL;`,
      'COMMIT;',
    ].join('\n'),
  );
}

function migrateLog(random: () => number, migration: string, index: string): string {
  const lines: string[] = [];
  for (let i = 0; i < 70; i++)
    lines.push(
      `2026-10-12T03:${String(10 + Math.floor(i / 6)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}Z INFO  deploy step ${i}: ${pick(random, ['pulling image', 'health check ok', 'warming cache', 'draining pods'])}`,
    );
  lines.push(
    `2026-10-12T03:22:41Z INFO  migrate: applying ${migration}`,
    `2026-10-12T03:22:41Z ERROR migrate: ${migration} failed: CREATE INDEX CONCURRENTLY cannot run inside a transaction block (SQLSTATE 25001)`,
    `2026-10-12T03:22:41Z ERROR migrate: rolled back ${migration}; ${index} not created`,
    '2026-10-12T03:22:42Z WARN  deploy: halted, web rollout blocked',
  );
  return lines.join('\n');
}

/** One history of the family; `seed` picks the names, the sizes and how the side task was closed. */
export function seedShapedScenario(seed: number): Scenario {
  const random = seeded(seed);
  const ticket = pick(random, TICKETS);
  const variable = pick(random, BRAND_VARS);
  const styleFile = pick(random, STYLE_FILES);
  const badges = pick(random, BADGE_DIRS);
  const k = Math.floor(random() * MIGRATIONS.length);
  const migration = MIGRATIONS[k];
  const index = INDEXES[k];
  const closing = CLOSINGS[seed % CLOSINGS.length];
  const h = new HistoryWriter(`msg_s${seed}_`, 'Friday', 'ana', '2026-10-12T08:00:00.000Z');
  const id = (name: string) => `call_s${seed}_${name}`;

  h.user(
    `Today: the ${ticket} styling ticket (the brand colour ${variable} in web/styles is off), then a list of our badge images for the web team, then the failed migration ${migration} that blocked last night's deploy.`,
  );
  const styling: Block[] = [
    text('Starting with the styling ticket.'),
    call(id('brand'), 'search_code', { pattern: variable, path: 'web/styles' }),
    result(id('brand'), 'search_code', cssLines(random, variable, styleFile, 40)),
    call(id('tokens'), 'read_file', { path: `web/styles/base/${styleFile}` }),
    result(id('tokens'), 'read_file', cssFile(random, variable)),
    text(`Set ${variable} to #0b5fff in ${styleFile}; every component picks it up.`),
  ];
  h.assistant(styling);
  h.user(`${closing(ticket)} Now the badge images.`);
  h.assistant([
    call(id('badges'), 'list_dir', { path: badges }),
    result(id('badges'), 'list_dir', badgeListing(random, badges)),
    text('60 badge images, all PNG; the list is above.'),
  ]);
  h.user(`Thanks, sent to the web team. Now the migration: ${migration} failed during the web deploy.`);
  h.assistant([
    call(id('sql'), 'read_file', { path: `db/migrations/${migration}.sql` }),
    result(id('sql'), 'read_file', migrationSql(migration, index)),
    call(id('log'), 'read_file', { path: 'logs/deploy/migrate-2026-10-12.log' }),
    result(id('log'), 'read_file', migrateLog(random, migration, index)),
    text(
      `${migration} wraps CREATE INDEX CONCURRENTLY ${index} in BEGIN/COMMIT; Postgres refuses that (SQLSTATE 25001), so the migration rolled back and the deploy halted.`,
    ),
  ]);
  h.user('Makes sense. Is anything else in the web deploy affected?');
  h.assistant([text('Only the halted rollout; the web pods kept the previous release.')]);
  return {
    name: `seed-shaped-${seed}`,
    title: `Migration incident after a finished styling ticket (seed ${seed})`,
    messages: h.messages,
    goal: `Write the root cause of the failed ${migration} migration for the postmortem of the web deploy, quoting the migration log's error lines.`,
    eligible_tool_names: ['read_file', 'search_code', 'list_dir'],
    protected_message_ids: [],
    protected_call_ids: [],
    tools: [
      { name: 'read_file', description: 'Read a file from the repository. Read-only.' },
      { name: 'search_code', description: 'ripgrep over the repository. Read-only.' },
      { name: 'list_dir', description: 'List a directory. Read-only.' },
    ],
    options: { preserve_recent_messages: 2 },
    critical: [id('sql'), id('log')],
    irrelevant: [id('brand'), id('tokens'), id('badges')],
    protectedBoundaries: [],
  };
}

/** The family the tests run: a handful of seeds covers every closing and most names. */
export const SEED_SHAPED_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
