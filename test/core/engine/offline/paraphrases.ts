/**
 * Goal pairs with the same meaning, written over the corpus cuts (transcript, which of the
 * evaluator's three cuts): the same task in other words, other word order, negation that
 * describes the task ("stop sending", "no longer", "without") against a plain statement. A
 * paraphrase names the same files and identifiers; it never renames them.
 */
export interface Paraphrase {
  file: string;
  /** Index into `pickCuts(messages, 3)`. */
  cut: 0 | 1 | 2;
  a: string;
  b: string;
}

const research = 'claudecode-opus4-cctrace-research-build.json';
const portable = 'claudecode-opus45-cctrace-portable-sessions.json';
const requests = 'miniswe-gemini3pro-requests-1142.json';
const sympy = 'miniswe-gemini3pro-sympy-19040.json';
const spider = 'spider2-claude37-snowflake-sql-sf_bq024.json';
const tau = 'taubench-gpt4o-airline-task2.json';

export const PARAPHRASES: Paraphrase[] = [
  {
    file: research,
    cut: 0,
    a: 'Make export_claude_session.py executable so it can run without typing python first',
    b: 'Mark export_claude_session.py as executable, so that it runs without the python prefix',
  },
  {
    file: research,
    cut: 0,
    a: 'Stop the export script from skipping sessions that have no session id',
    b: 'Make sure the export script no longer skips sessions without a session id',
  },
  {
    file: research,
    cut: 1,
    a: 'Create the claude_code_session_export package with an __init__.py that sets the version to 1.0.0',
    b: 'Set up the claude_code_session_export package: add __init__.py and give it version 1.0.0',
  },
  {
    file: research,
    cut: 1,
    a: "Don't write the export into the home folder any more; put it under /mnt/c/python/cctrace",
    b: 'Write the export under /mnt/c/python/cctrace instead of into the home folder',
  },
  {
    file: research,
    cut: 2,
    a: 'Move the duplicate export.md into the backup folder, since commands/export.md replaces it',
    b: 'commands/export.md replaces export.md, so move the duplicate into backup',
  },
  {
    file: research,
    cut: 2,
    a: 'Clean up the cctrace folder so no duplicate markdown files remain',
    b: 'Tidy the cctrace folder until there are no longer any duplicate markdown files',
  },
  {
    file: portable,
    cut: 0,
    a: 'Update the todo list: the investigation findings are written up and the resumption experiments come next',
    b: 'Record in the todo list that the investigation findings have been written up; the resumption experiments are next',
  },
  {
    file: portable,
    cut: 0,
    a: 'Run the session resumption experiments without changing the original session files',
    b: 'Run the session resumption experiments and leave the original session files as they are',
  },
  {
    file: portable,
    cut: 1,
    a: 'Claude Code converts underscores to hyphens, so copy the session to -mnt-c-python-cctrace-test',
    b: 'Copy the session to -mnt-c-python-cctrace-test, because Claude Code turns underscores into hyphens',
  },
  {
    file: portable,
    cut: 1,
    a: 'Stop putting the session in the underscore project folder -mnt-c-python-cctrace_test',
    b: 'The session should no longer go into the underscore project folder -mnt-c-python-cctrace_test',
  },
  {
    file: portable,
    cut: 2,
    a: 'Read tests/test_find_project_sessions.py to see what the project session lookup tests expect',
    b: 'Check what tests/test_find_project_sessions.py expects from the project session lookup',
  },
  {
    file: portable,
    cut: 2,
    a: 'Make find_project_sessions stop failing when the project path has underscores',
    b: 'find_project_sessions must no longer fail for project paths with underscores',
  },
  {
    file: requests,
    cut: 0,
    a: 'Make GET requests without a body stop sending Content-Length',
    b: 'Make sure GET requests no longer send Content-Length',
  },
  {
    file: requests,
    cut: 0,
    a: 'Verify that an explicit Content-Length header on a GET request is preserved',
    b: 'Check that a GET request keeps a Content-Length header that was set explicitly',
  },
  {
    file: requests,
    cut: 1,
    a: 'Run test_requests.py again to see whether the tests pass now',
    b: 'Rerun test_requests.py and check if the tests now pass',
  },
  {
    file: requests,
    cut: 1,
    a: 'Get test_requests.py running on this Python without changing the fix in models.py',
    b: 'Without touching the models.py fix, make test_requests.py run on this Python',
  },
  {
    file: requests,
    cut: 2,
    a: 'Look at requests/models.py around line 380 to find where prepare_content_length starts now',
    b: 'Find where prepare_content_length begins now by reading requests/models.py near line 380',
  },
  {
    file: requests,
    cut: 2,
    a: "Don't add Content-Length in prepare_content_length when the body is None",
    b: 'prepare_content_length should not add Content-Length if the body is None',
  },
  {
    file: sympy,
    cut: 0,
    a: 'Fix the indentation error in sympy/polys/factortools.py near line 1160',
    b: 'Correct the indentation error near line 1160 of sympy/polys/factortools.py',
  },
  {
    file: sympy,
    cut: 0,
    a: 'Make factor with extension=True stop dropping the factor y-1',
    b: 'factor with extension=True must no longer drop the factor y-1',
  },
  {
    file: sympy,
    cut: 1,
    a: 'Find the definition of dmp_primitive in sympy/polys/euclidtools.py',
    b: 'Look up where dmp_primitive is defined in sympy/polys/euclidtools.py',
  },
  {
    file: sympy,
    cut: 1,
    a: 'Find out why dmp_ext_factor loses a factor when the polynomial is not primitive',
    b: "Work out why dmp_ext_factor drops a factor for a polynomial that isn't primitive",
  },
  {
    file: sympy,
    cut: 2,
    a: 'Import dmp_one_p in sympy/polys/factortools.py, where it is used but not imported',
    b: 'dmp_one_p is used in sympy/polys/factortools.py without being imported: add the import',
  },
  {
    file: sympy,
    cut: 2,
    a: 'Check whether dmp_zero_p appears more than once in factortools.py',
    b: 'See if factortools.py contains dmp_zero_p several times',
  },
  {
    file: spider,
    cut: 0,
    a: 'Look for the subplot acres columns in the CONDITION table',
    b: 'Find which columns of the CONDITION table hold the subplot acres',
  },
  {
    file: spider,
    cut: 0,
    a: 'Write the Snowflake SQL for the top 10 evaluation groups by subplot acres in 2012',
    b: 'Write Snowflake SQL that returns the 10 evaluation groups with the largest subplot acres for 2012',
  },
  {
    file: spider,
    cut: 1,
    a: 'Search CONDITION.json for every column that mentions acres',
    b: 'Find all columns mentioning acres in CONDITION.json',
  },
  {
    file: spider,
    cut: 2,
    a: 'Find the descriptions of the proportion fields in CONDITION.json',
    b: 'Look up what the proportion fields in CONDITION.json mean from their descriptions',
  },
  {
    file: spider,
    cut: 2,
    a: 'Compute the subplot acres without the proportion fields',
    b: 'Compute the subplot acres, not using the proportion fields',
  },
  {
    file: tau,
    cut: 0,
    a: 'Get the details of reservation 2FBBAH',
    b: 'Look up reservation 2FBBAH and its details',
  },
  {
    file: tau,
    cut: 0,
    a: "Downgrade the user's flights from business to economy",
    b: "Change the user's flights from business class down to economy",
  },
  {
    file: tau,
    cut: 1,
    a: 'Search direct flights from PHL to DEN on 2024-05-28',
    b: 'Find direct flights on 2024-05-28 from PHL to DEN',
  },
  {
    file: tau,
    cut: 2,
    a: 'Search direct flights from JFK to IAH on 2024-05-22',
    b: 'Look for direct flights from JFK to IAH on 2024-05-22',
  },
  {
    file: tau,
    cut: 2,
    a: 'The user no longer wants business class; find economy seats on the same flights',
    b: 'Find economy seats on the same flights, because the user does not want business class anymore',
  },
];
