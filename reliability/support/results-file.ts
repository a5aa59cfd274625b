/** The file, in the results folder, that collects the summary lines of the run. */
export const RESULTS_FILE = 'summary.txt';
