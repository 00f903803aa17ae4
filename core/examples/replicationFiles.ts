/**
 * Tool outputs of the replication-incident scenario. The incident evidence (Postgres logs,
 * slot and WAL positions) is hand-written so offsets agree across outputs; the side-task
 * outputs (campaign report, weather, retired load tests) are generated from a fixed seed.
 */
import { pick, seeded } from './history.js';

export const PRIMARY_LOG = `2026-10-12 03:11:58.402 UTC [2231] LOG:  checkpoint starting: wal
2026-10-12 03:12:41.918 UTC [2231] LOG:  checkpoint complete: wrote 48211 buffers (9.2%); 0 WAL file(s) added, 0 removed, 64 recycled; write=39.870 s, sync=1.204 s, total=43.516 s; distance=1048576 kB, estimate=1051230 kB; lsn=3A/C1F00060, redo lsn=3A/B3A81E28
2026-10-12 03:13:07.113 UTC [48803] LOG:  automatic vacuum of table "orders.public.order_events": index scans: 1; pages: 0 removed, 912804 remain; tuples: 4120338 removed
2026-10-12 03:14:06.551 UTC [2231] LOG:  checkpoint starting: wal
2026-10-12 03:14:06.552 UTC [2231] LOG:  terminating process 31877 to release replication slot "pg_orders_3"
2026-10-12 03:14:06.552 UTC [2231] DETAIL:  The slot's restart_lsn 3A/7E1C2F08 exceeds the limit by 16384 bytes.
2026-10-12 03:14:06.552 UTC [2231] HINT:  You might need to increase max_slot_wal_keep_size.
2026-10-12 03:14:06.589 UTC [31877] FATAL:  terminating connection due to administrator command
2026-10-12 03:14:06.590 UTC [31877] STATEMENT:  START_REPLICATION SLOT "pg_orders_3" 3A/7E000000 TIMELINE 7
2026-10-12 03:14:06.604 UTC [2231] LOG:  invalidating obsolete replication slot "pg_orders_3"
2026-10-12 03:14:06.604 UTC [2231] DETAIL:  The slot's restart_lsn 3A/7E1C2F08 exceeds the limit by 16384 bytes.
2026-10-12 03:14:49.007 UTC [2231] LOG:  checkpoint complete: wrote 51377 buffers (9.8%); 0 WAL file(s) added, 62 removed, 2 recycled; lsn=3A/D2A40118, redo lsn=3A/C4D90A40
2026-10-12 03:14:51.330 UTC [31990] LOG:  replication connection authorized: user=replicator application_name=pg-orders-3
2026-10-12 03:14:51.331 UTC [31990] ERROR:  can no longer get changes from replication slot "pg_orders_3"
2026-10-12 03:14:51.331 UTC [31990] DETAIL:  This slot has been invalidated because it exceeded the maximum reserved size.`;

export const REPLICA_LOG = `2026-10-12 02:58:30.114 UTC [1187] LOG:  recovery restart point at 3A/6F2B1D40
2026-10-12 03:06:12.870 UTC [1191] LOG:  WAL receiver process: replication lag 412 s behind primary (receive 3A/7E1C2F08, replay 3A/7D99A3B0)
2026-10-12 03:14:06.590 UTC [1191] FATAL:  could not receive data from WAL stream: FATAL:  terminating connection due to administrator command
2026-10-12 03:14:06.611 UTC [1179] LOG:  waiting for WAL to become available at 3A/7E1C2F08
2026-10-12 03:14:51.332 UTC [2204] FATAL:  could not start WAL streaming: ERROR:  can no longer get changes from replication slot "pg_orders_3"
2026-10-12 03:14:56.340 UTC [2209] FATAL:  could not receive data from WAL stream: ERROR:  requested WAL segment 000000070000003A0000007E has already been removed
2026-10-12 03:15:01.347 UTC [2213] FATAL:  could not receive data from WAL stream: ERROR:  requested WAL segment 000000070000003A0000007E has already been removed
2026-10-12 03:15:01.348 UTC [1179] LOG:  restore_command "pgbackrest --stanza=orders archive-get %f "%p"" returned 1 for 000000070000003A0000007E: archive-get timed out after 5s`;

export const SLOTS_TABLE = ` slot_name   | slot_type | active | wal_status | restart_lsn | confirmed_flush_lsn | safe_wal_size
-------------+-----------+--------+------------+-------------+---------------------+---------------
 pg_orders_2 | physical  | t      | reserved   | 3A/D29F7E10 |                     |   68718411776
 pg_orders_3 | physical  | f      | lost       | 3A/7E1C2F08 |                     |
 debezium    | logical   | t      | extended   | 3A/A0400000 | 3A/A04011C8         |     214958080
(3 rows)

 pg_current_wal_lsn | max_slot_wal_keep_size | wal_keep_size
--------------------+------------------------+---------------
 3A/D2B00228        | 64GB                   | 1GB
(1 row)`;

export const ARCHIVE_STATUS = `stanza: orders
    status: ok
    cipher: none
    db (current)
        wal archive min/max (15): 000000070000003900000012/000000070000003A000000D2
        archive-push queue: 0 segments, archive-get average 5.8 s (timeout 5 s), 3 timeouts since 2026-10-11 22:00 UTC
        full backup: 20261011-010002F
            timestamp start/stop: 2026-10-11 01:00:02 / 2026-10-11 01:47:31
            wal start/stop: 000000070000003800000041 / 000000070000003800000069`;

/** The Q3 newsletter campaign report marketing asked for (delivered last week). */
export function campaignReport(): string {
  const random = seeded(41);
  const channels = ['newsletter', 'paid_social', 'search', 'affiliate', 'push'];
  const segments = ['new', 'returning', 'lapsed', 'vip'];
  const rows = [];
  for (let day = 1; day <= 27; day++) {
    for (const channel of channels) {
      const sent = 20000 + Math.floor(random() * 80000);
      const opens = Math.floor(sent * (0.18 + random() * 0.2));
      const clicks = Math.floor(opens * (0.05 + random() * 0.1));
      rows.push({
        date: `2026-09-${String(day).padStart(2, '0')}`,
        channel,
        segment: pick(random, segments),
        sent,
        opens,
        clicks,
        orders: Math.floor(clicks * (0.02 + random() * 0.05)),
        revenue_eur: Number((clicks * (1.1 + random() * 3)).toFixed(2)),
      });
    }
  }
  return JSON.stringify({
    report: 'Q3 newsletter & lifecycle campaigns',
    owner: 'growth-analytics',
    status: 'final',
    rows,
  });
}

/** Hourly forecast for the holiday trip someone asked about between pages. */
export function weatherForecast(city: string, seed: number): string {
  const random = seeded(seed);
  const hours = [];
  for (let day = 20; day <= 27; day++) {
    for (let hour = 0; hour < 24; hour += 3) {
      hours.push({
        time: `2026-12-${day}T${String(hour).padStart(2, '0')}:00`,
        temp_c: Number((8 + random() * 9).toFixed(1)),
        precip_mm: Number((random() < 0.3 ? random() * 4 : 0).toFixed(1)),
        wind_kmh: Math.floor(5 + random() * 30),
        code: pick(random, ['clear', 'partly_cloudy', 'overcast', 'light_rain', 'showers']),
      });
    }
  }
  return JSON.stringify({ city, timezone: 'Europe/Lisbon', units: 'metric', hourly: hours });
}

/** k6 summary of a load test against the orders-v1 service, which was retired in July. */
export function loadTestSummary(seed: number, run: string): string {
  const random = seeded(seed);
  const endpoints = [
    'GET /v1/orders/{id}',
    'GET /v1/orders?customer=',
    'POST /v1/orders',
    'POST /v1/orders/{id}/cancel',
    'GET /v1/orders/{id}/events',
  ];
  const lines = [
    `run ${run} — target orders-v1.internal:8080 (RETIRED 2026-07-01), scenario ramping-arrival-rate 50→1200 rps, 20m`,
    '',
  ];
  for (let stage = 1; stage <= 12; stage++) {
    lines.push(`stage ${stage}: ${stage * 100} rps`);
    for (const endpoint of endpoints) {
      const p50 = 8 + random() * 30 * stage;
      lines.push(
        `  ${endpoint.padEnd(30)} p50=${p50.toFixed(1)}ms p95=${(p50 * (1.8 + random())).toFixed(1)}ms p99=${(p50 * (3 + random() * 2)).toFixed(1)}ms errors=${(random() * stage * 0.4).toFixed(2)}%`,
      );
    }
  }
  lines.push(
    '',
    `http_reqs....................: ${Math.floor(400000 + random() * 200000)}`,
    `checks.......................: ${(97 + random() * 2.5).toFixed(2)}%`,
  );
  return lines.join('\n');
}

/** A Grafana panel export: a caption and the rendered PNG (a `data` block: non-text output). */
export function lagPanel(): Array<Record<string, unknown>> {
  const random = seeded(53);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const data =
    'iVBORw0KGgoAAAANSUhEUgAAAyAAAAEsCAYAAAA' +
    Array.from({ length: 900 }, () => pick(random, [...alphabet])).join('') +
    '==';
  return [
    { type: 'text', text: 'Panel "Replication lag by replica (s)", orders-db, 2026-10-12 02:30–04:00 UTC' },
    { type: 'data', source: { type: 'base64', media_type: 'image/png', data } },
  ];
}
