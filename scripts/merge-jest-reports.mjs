#!/usr/bin/env node
// `merge-jest-reports.mjs OUT IN...`: one Jest JSON report (jest --json) of several runs of the
// same suite (scripts/test.sh runs Jest twice): the counts added up, every suite's result kept.
// A missing input counts as a failed run, so the summary does not pass over it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const [out, ...inputs] = process.argv.slice(2);
const merged = {
  success: true,
  wasInterrupted: false,
  startTime: Infinity,
  numRuntimeErrorTestSuites: 0,
  testResults: [],
};
for (const file of inputs) {
  if (!existsSync(file)) {
    console.log(`missing report: ${file}`);
    merged.success = false;
    merged.numRuntimeErrorTestSuites += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const [key, value] of Object.entries(report)) {
    if (typeof value === 'number' && key !== 'startTime') merged[key] = (merged[key] ?? 0) + value;
  }
  merged.success &&= report.success;
  merged.wasInterrupted ||= report.wasInterrupted;
  merged.startTime = Math.min(merged.startTime, report.startTime);
  merged.testResults.push(...report.testResults);
}
if (merged.startTime === Infinity) merged.startTime = Date.now();
writeFileSync(out, JSON.stringify(merged));
