// Loaded with `node --import` by the benchmark: reports the process's peak resident memory on exit.
process.on('exit', () => {
  process.stderr.write(`\nARBITER_MAXRSS_KB ${process.resourceUsage().maxRSS}\n`);
});
