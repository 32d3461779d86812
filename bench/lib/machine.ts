/** What the figures were measured on; printed above them so numbers are never quoted without it. */
import { cpus, loadavg, totalmem, platform, release } from 'node:os';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  /** 1-minute load average when the run started: other work on the machine shows up in p99s. */
  loadAverage: number;
}

export function describeMachine(): Machine {
  const cpu = cpus();
  return {
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    os: `${platform()} ${release()}`,
    loadAverage: loadavg()[0] ?? 0,
  };
}
