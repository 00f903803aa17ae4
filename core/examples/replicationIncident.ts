/**
 * Scenario "replication incident" (source: "Two live-model integration scenarios"). An SRE
 * session that wandered through a finished campaign report, a holiday forecast and load
 * tests of a retired service before the incident write-up, whose next step quotes the
 * Postgres logs and WAL positions verbatim. AgentScope 2.x layout, every protection boundary.
 */
import { call, HistoryWriter, result, text, thinking } from './history.js';
import type { Scenario } from './history.js';
import * as files from './replicationFiles.js';

const TOOLS = [
  {
    name: 'read_log',
    description: 'Read a host log from the log store, with optional time window and grep. Read-only.',
  },
  {
    name: 'sql_query',
    description: 'Run a read-only SQL query (orders primary via a read-only role, or the analytics warehouse).',
  },
  { name: 'read_file', description: 'Read a file from the ops repository. Read-only.' },
  { name: 'fetch_report', description: 'Fetch a saved analytics report. Read-only.' },
  { name: 'http_get', description: 'GET a public HTTP API. Read-only.' },
  { name: 'grafana_panel', description: 'Render a Grafana panel to PNG. Read-only.' },
  { name: 'fetch_ticket', description: 'Fetch a ticket or change request. Read-only.' },
  { name: 'run_command', description: 'Run a command on the ops bastion.' },
  { name: 'rollback_deploy', description: 'Roll a service back to a previous release.' },
];

export function replicationIncidentScenario(): Scenario {
  const h = new HistoryWriter('msg_inc_', 'Friday', 'jonas', '2026-10-12T07:30:00.000Z');

  h.user(
    "Busy morning. First, growth wants the final Q3 campaign numbers pasted into their deck. Then I need the Lisbon forecast for the 20th–27th (holiday, finally). After that, capacity asked whether the old orders-v1 load tests are worth keeping. And at some point we must write up last night's replica incident on orders-db — pg-orders-3 stopped replicating around 03:14 UTC and read traffic on it failed.",
  );

  // Side task 1: campaign report (delivered). Results in the same message.
  h.assistant([
    call('call_m1_report', 'fetch_report', { report: 'growth/q3-newsletter-lifecycle', format: 'json' }),
    result('call_m1_report', 'fetch_report', files.campaignReport()),
    call('call_m1_topline', 'sql_query', {
      database: 'analytics',
      sql: "SELECT channel, sum(orders) AS orders, sum(revenue_eur) AS revenue FROM campaign_daily WHERE month = '2026-09' GROUP BY channel ORDER BY revenue DESC",
    }),
    result(
      'call_m1_topline',
      'sql_query',
      ' channel     | orders | revenue\n-------------+--------+-----------\n newsletter  |   4120 | 188204.55\n paid_social |   3388 | 150977.10\n search      |   2907 | 139441.82\n affiliate   |   1102 |  48803.37\n push        |    876 |  31290.04\n(5 rows)',
    ),
    text(
      'Newsletter led September with 4,120 orders and €188k; paid social second. Table and chart are in the deck on slide 6.',
    ),
  ]);
  h.user('Growth says thanks, the deck is done. Weather next.');

  // Side task 2: holiday weather. Both calls first, their results after them (one reply).
  h.assistant([
    text('Fetching the hourly forecast for Lisbon and, for the day trip, Sintra.'),
    call('call_w1_lisbon', 'http_get', {
      url: 'https://api.open-meteo.com/v1/forecast?latitude=38.72&longitude=-9.14&hourly=temperature_2m,precipitation,wind_speed_10m&start_date=2026-12-20&end_date=2026-12-27',
    }),
    call('call_w1_sintra', 'http_get', {
      url: 'https://api.open-meteo.com/v1/forecast?latitude=38.80&longitude=-9.38&hourly=temperature_2m,precipitation,wind_speed_10m&start_date=2026-12-20&end_date=2026-12-27',
    }),
  ]);
  h.results([
    result('call_w1_lisbon', 'http_get', files.weatherForecast('Lisbon', 61)),
    result('call_w1_sintra', 'http_get', files.weatherForecast('Sintra', 67)),
  ]);
  h.assistant([
    text(
      'Mild, 8–17 °C, rain mostly on the 22nd and 23rd; Sintra is a bit windier — the 25th looks best for the day trip.',
    ),
  ]);
  h.user('Lovely. Now the orders-v1 load tests — capacity wants to know if anything there is still useful.');

  // Side task 3: load tests of the retired orders-v1 service.
  h.assistant([
    call('call_l1_runA', 'read_file', { path: 'loadtests/orders-v1/results/2026-05-14-ramp.txt' }),
    result('call_l1_runA', 'read_file', files.loadTestSummary(71, '2026-05-14-ramp')),
    call('call_l1_runB', 'read_file', { path: 'loadtests/orders-v1/results/2026-06-02-ramp.txt' }),
    result('call_l1_runB', 'read_file', files.loadTestSummary(73, '2026-06-02-ramp')),
    text(
      'Both runs target orders-v1, retired on 1 July; nothing carries over to orders-v2 (different storage). I suggest archiving the folder.',
    ),
  ]);
  h.user(
    'Capacity agrees, they will archive it. Those are all closed. Now the incident: we owe the root-cause report today.',
  );

  // The incident.
  h.assistant([
    thinking(
      'Primary log around 03:14 first, then the replica, then slot state and archive status.',
      'EqMBCkYIBxgCKkIncident0314',
    ),
    call('call_i1_primary', 'read_log', {
      host: 'pg-orders-1',
      file: 'postgresql-2026-10-12.log',
      since: '03:11',
      until: '03:16',
      grep: 'slot|WAL|checkpoint|replication|vacuum',
    }),
    result('call_i1_primary', 'read_log', files.PRIMARY_LOG),
    text(
      'The primary invalidated slot pg_orders_3 at 03:14:06.604: its restart_lsn 3A/7E1C2F08 fell behind max_slot_wal_keep_size, and the next checkpoint removed 62 WAL files.',
    ),
  ]);
  h.assistant([
    call('call_i1_replica', 'read_log', {
      host: 'pg-orders-3',
      file: 'postgresql-2026-10-12.log',
      since: '02:55',
      until: '03:16',
      grep: 'WAL|recovery|restore|replication',
    }),
  ]);
  h.results([result('call_i1_replica', 'read_log', files.REPLICA_LOG)]);
  h.assistant([
    call('call_i1_badsql', 'sql_query', {
      database: 'orders',
      sql: 'SELECT slot_name, wal_status, restart_lsn, safe_wal_size FROM pg_replication_slot',
    }),
    result(
      'call_i1_badsql',
      'sql_query',
      'ERROR:  relation "pg_replication_slot" does not exist\nLINE 1: ...lot_name, wal_status, restart_lsn, safe_wal_size FROM pg_replica...\nHINT:  Perhaps you meant to reference the table "pg_catalog.pg_replication_slots".',
      'error',
    ),
    call('call_i1_slots', 'sql_query', {
      database: 'orders',
      sql: "SELECT slot_name, slot_type, active, wal_status, restart_lsn, confirmed_flush_lsn, safe_wal_size FROM pg_replication_slots; SELECT pg_current_wal_lsn(), current_setting('max_slot_wal_keep_size'), current_setting('wal_keep_size')",
    }),
    result('call_i1_slots', 'sql_query', files.SLOTS_TABLE),
  ]);
  h.assistant([
    call('call_i1_archive', 'run_command', { cmd: 'pgbackrest --stanza=orders info' }),
    result('call_i1_archive', 'run_command', files.ARCHIVE_STATUS),
    call('call_i1_lagchart', 'grafana_panel', {
      dashboard: 'orders-db',
      panel: 'replication-lag',
      from: '2026-10-12T02:30Z',
      to: '2026-10-12T04:00Z',
    }),
    result('call_i1_lagchart', 'grafana_panel', files.lagPanel()),
    text(
      'Lag on pg-orders-3 grew from about 03:00 (the vacuum of order_events generated WAL faster than the replica replayed it), the slot was invalidated at 03:14:06, and archive-get timed out (5 s limit, 5.8 s average), so the replica could not fall back to the archive.',
    ),
  ]);
  const approval = h.assistant([
    call('call_i2_approval', 'fetch_ticket', { id: 'CHG-8120' }),
    result(
      'call_i2_approval',
      'fetch_ticket',
      'CHG-8120 (emergency change) — "Remove pg-orders-3 from the read pool and rebuild from backup"\nStatus: APPROVED 2026-10-12 03:41 UTC by d.mensah (DB on-call), post-hoc review 2026-10-12 09:00\nAudit ref: AUD-2026-10-12-0077',
    ),
  ]);
  h.assistant([
    call('call_i2_rollback', 'rollback_deploy', { service: 'orders-read-router', to_release: 'r2026.10.09-2' }),
    result(
      'call_i2_rollback',
      'rollback_deploy',
      'Rolled back orders-read-router r2026.10.11-1 → r2026.10.09-2 at 03:47:12 UTC; pool now [pg-orders-1, pg-orders-2]; receipt RB-55102',
    ),
    call(
      'call_i2_rebuild',
      'run_command',
      { cmd: 'pgbackrest --stanza=orders --delta --type=standby restore --target-host=pg-orders-3' },
      'allowed',
    ),
  ]);
  h.user(
    'd.mensah confirms the rebuild finished at 06:10. For the report we need the timeline with the exact log lines, the LSNs and the segment name, and the fix: max_slot_wal_keep_size and the archive-get timeout.',
  );
  h.assistant([
    call('call_i3_conf', 'read_file', {
      path: 'ansible/roles/postgres/templates/postgresql.conf.j2',
      grep: 'max_slot_wal_keep_size|archive|restore_command',
    }),
    result(
      'call_i3_conf',
      'read_file',
      "max_slot_wal_keep_size = {{ pg_max_slot_wal_keep_size | default('64GB') }}\narchive_mode = on\narchive_command = 'pgbackrest --stanza=orders archive-push %p'\nrestore_command = 'pgbackrest --stanza=orders archive-get %f \"%p\"'\n# archive-get timeout comes from pgbackrest.conf: archive-timeout=5",
    ),
  ]);
  h.user('Good. Include RB-55102 and CHG-8120 in the remediation section.');
  h.assistant([text('Will do. Drafting the timeline from the primary and replica logs and the slot query.')]);
  h.user('Go: write the root-cause report now.');
  h.assistant([text('Writing the report.')]);

  return {
    name: 'replication-incident',
    title: 'Replication incident',
    messages: h.messages,
    goal: 'Write the root-cause report for the orders-db replica incident of 2026-10-12: a timeline that quotes the exact pg-orders-1 and pg-orders-3 log lines, the restart_lsn and WAL positions and the removed segment name, then the cause (slot invalidated past max_slot_wal_keep_size, archive-get timing out) and remediation. The campaign report, the holiday forecast and the orders-v1 load-test review are done and unrelated.',
    eligible_tool_names: [
      'read_log',
      'sql_query',
      'read_file',
      'fetch_report',
      'http_get',
      'grafana_panel',
      'fetch_ticket',
    ],
    protected_message_ids: [approval],
    protected_call_ids: [],
    tools: TOOLS,
    options: { preserve_recent_messages: 6 },
    critical: ['call_i1_primary', 'call_i1_replica', 'call_i1_slots'],
    irrelevant: [
      'call_m1_report',
      'call_m1_topline',
      'call_w1_lisbon',
      'call_w1_sintra',
      'call_l1_runA',
      'call_l1_runB',
    ],
    protectedBoundaries: [
      'call_i1_badsql',
      'call_i1_archive',
      'call_i1_lagchart',
      'call_i2_approval',
      'call_i2_rollback',
      'call_i2_rebuild',
      'call_i3_conf',
    ],
  };
}
