import { crc32, deflateSync } from 'node:zlib';

/** A bar of the chart: its height in pixels and its colour (RGB). */
export interface Bar {
  height: number;
  colour: readonly [number, number, number];
}

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/**
 * A small bar chart as a real PNG (8-bit RGB, one IDAT): white background, a grey base line and
 * the bars from left to right — the demo exam's picture question shows it.
 */
export function barChartPng(bars: readonly Bar[], width = 240, height = 120): Buffer {
  const rows: Buffer[] = [];
  const barWidth = Math.floor(width / (bars.length * 2 + 1));
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3, 255); // filter byte 0, then white pixels
    row[0] = 0;
    for (let x = 0; x < width; x += 1) {
      let colour: readonly [number, number, number] | null = y === height - 4 ? [120, 120, 120] : null;
      const slot = Math.floor(x / barWidth);
      if (slot % 2 === 1 && y < height - 4) {
        const bar = bars[(slot - 1) / 2];
        if (bar && y >= height - 4 - bar.height) colour = bar.colour;
      }
      if (colour) row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
