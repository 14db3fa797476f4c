import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (longest or largest first, within each project), with the projects' files taken
 * in turn: a browser file (a server and a Chromium, busy on the CPU) then an API file (mostly
 * waiting on servers and timers), and so on. The default runs one project's files before the
 * other's, which would start every worker on a browser suite at once and leave the waiting kind
 * for the end, where it cannot fill the CPU.
 */
export class InterleavedSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of sorted) {
      const name = file.project.name;
      byProject.set(name, [...(byProject.get(name) ?? []), file]);
    }
    const queues = [...byProject.values()];
    const order: TestSpecification[] = [];
    while (queues.some((queue) => queue.length > 0)) {
      for (const queue of queues) {
        const next = queue.shift();
        if (next) order.push(next);
      }
    }
    return order;
  }
}
