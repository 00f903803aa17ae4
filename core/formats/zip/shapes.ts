/**
 * The shapes of a ZIP archive kept as its bytes (archive.ts) and of an Inspect `.eval` log read
 * from one (evalLog.ts): a leaf module, so the document type (types.ts) can name them without
 * an import cycle.
 */
/** One member, as the central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate, 93 zstd (APPNOTE 4.4.5). */
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the member's local header starts, and where its compressed data starts. */
  localOffset: number;
  dataOffset: number;
  /** The end of its local record (after the data descriptor, when there is one). */
  recordEnd: number;
  /** Its central directory header, as read. */
  central: Uint8Array;
}

export interface ZipArchive {
  bytes: Uint8Array;
  entries: ZipEntry[];
  /** The end record, comment included, as read. */
  end: Uint8Array;
}

/** A member's new content: compressed data with the method the member had. */
export interface ZipReplacement {
  data: Uint8Array;
  crc: number;
  size: number;
}

/** A sample member: where it is in the archive and the text its JSON was parsed from. */
export interface EvalSampleMember {
  entry: number;
  name: string;
  text: string;
  value: unknown;
  indent: number | string;
}

/** What a document read from a `.eval` archive carries besides its value. */
export interface EvalArchive {
  archive: ZipArchive;
  /** The member the log's header came from (`header.json`, or `_journal/start.json`). */
  header: string;
  /** In the order of `value.samples`. */
  samples: EvalSampleMember[];
  /** Each member's method, by name (the Summary's note). */
  methods: Record<string, number>;
}
