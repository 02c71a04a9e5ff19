// Reads a Parquet file back with DuckDB (an independent reader: not from the
// writer's author), from a temp file under the OS temp directory.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";

export interface ParquetFile {
  /** read_parquet('<file>'), ready to put after FROM. */
  table: string;
  path: string;
  query(sql: string): Promise<Record<string, unknown>[]>;
  close(): void;
}

export async function openParquet(bytes: Uint8Array): Promise<ParquetFile> {
  const dir = mkdtempSync(join(tmpdir(), "helios-parquet-"));
  const path = join(dir, "export.parquet");
  writeFileSync(path, bytes);
  const instance = await DuckDBInstance.create(":memory:");
  const connection: DuckDBConnection = await instance.connect();
  return {
    table: `read_parquet('${path.replace(/'/g, "''")}')`,
    path,
    async query(sql) {
      const reader = await connection.runAndReadAll(sql);
      return reader.getRowObjectsJS() as Record<string, unknown>[];
    },
    close() {
      connection.closeSync();
      instance.closeSync();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Joins Blob chunks (as the UI does) into the file's bytes. */
export async function bytesOf(chunks: Blob[]): Promise<Uint8Array> {
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}
