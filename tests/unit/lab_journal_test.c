/* The lab journal: a durable write and a read give back every field, the exact bytes of
 * postgresql.auto.conf (UTF-8 as text, anything else as hex), the entries in their order
 * (a name twice included), a setting pending a restart and the server's marker; a journal of
 * version 1 (an older pgknob's) still reads; a forgotten journal is no longer listed; damaged
 * journals are errors that name the file; and the catalog's list of parameters quoted element
 * by element, per major. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog/catalog.h"
#include "common/tempdir.h"
#include "common/xalloc.h"
#include "harness.h"
#include "lab/claim.h"
#include "lab/journal.h"

/* The state directory of this test (set in main), as the cli passes it down. */
static const char *test_state_dir;

static void add_entry(LabJournal *journal, const char *name, const char *value)
{
    lab_settings_append(&journal->entries, name, value, "postgresql.auto.conf", 0);
}

static void fill(LabJournal *journal, const char *bytes, size_t len)
{
    memset(journal, 0, sizeof(*journal));
    journal->system_identifier = xstrdup("7714256796790628572");
    journal->data_directory = xstrdup("/srv/pg/data");
    journal->port = 5433;
    journal->host = xstrdup("/tmp");
    journal->user = xstrdup("postgres");
    journal->dbname = xstrdup("postgres");
    journal->version_num = 180004;
    journal->have_bytes = true;
    journal->auto_conf = xmalloc(len + 1);
    memcpy(journal->auto_conf, bytes, len);
    journal->auto_conf[len] = '\0';
    journal->auto_conf_len = len;
    journal->have_entries = true;
    add_entry(journal, "search_path", "\"$user\", public");
    add_entry(journal, "work_mem", "5MB");
    add_entry(journal, "work_mem", "6MB");
    journal->n_settings = 2;
    journal->settings = xcalloc(3, sizeof(JournalSetting));
    journal->settings[0].name = xstrdup("work_mem");
    journal->settings[0].setting = xstrdup("6144");
    journal->settings[0].source = xstrdup("configuration file");
    journal->settings[1].name = xstrdup("max_prepared_transactions");
    journal->settings[1].setting = xstrdup("0");
    journal->settings[1].source = xstrdup("default");
    journal->settings[1].pending = true;
    journal->settings[1].pending_value = xstrdup("7");
    journal->n_touched = 1;
    journal->touched = xcalloc(2, sizeof(char *));
    journal->touched[0] = xstrdup("shared_buffers");
    journal->pid = 4242;
    journal->pid_start = 77;
    journal->created = xstrdup("2026-01-01T00:00:00Z");
    journal->command = xstrdup("lab run 01-more");
    journal->marker = lab_marker_make(4242, 77, test_state_dir, journal->created, journal->command);
    journal->path = journal_path_for(test_state_dir, journal->system_identifier,
                                     journal->data_directory, journal->port);
}

static void test_round_trip(const char *bytes, size_t len)
{
    LabJournal out, back;
    fill(&out, bytes, len);
    PkDiag err = PK_DIAG_INIT;
    CHECK(journal_write(&out, &err));
    CHECK(journal_exists(out.path));
    CHECK(journal_read(out.path, &back, &err));
    CHECK(back.have_bytes && back.auto_conf_len == len && !memcmp(back.auto_conf, bytes, len));
    CHECK(back.have_entries && back.entries.n == 3);
    if (back.entries.n == 3) {
        CHECK_STR(back.entries.items[0].value, "\"$user\", public");
        CHECK_STR(back.entries.items[2].value, "6MB");
    }
    CHECK_STR(back.system_identifier, "7714256796790628572");
    CHECK_STR(back.data_directory, "/srv/pg/data");
    CHECK(back.port == 5433 && back.version_num == 180004 && back.pid == 4242 &&
          back.pid_start == 77);
    CHECK(back.n_settings == 2 && journal_setting(&back, "WORK_MEM") &&
          !strcmp(journal_setting(&back, "work_mem")->source, "configuration file") &&
          !journal_setting(&back, "work_mem")->pending);
    /* a setting waiting for a restart keeps its pending value */
    const JournalSetting *pending = journal_setting(&back, "max_prepared_transactions");
    CHECK(pending && pending->pending && pending->pending_value &&
          !strcmp(pending->pending_value, "7") && !strcmp(pending->setting, "0"));
    /* the marker set on the server: the same text, and who set it */
    CHECK(back.marker && out.marker && !strcmp(back.marker, out.marker));
    LabMarker marker;
    lab_marker_parse(back.marker ? back.marker : "", &marker);
    CHECK(marker.pid == 4242 && marker.pid_start == 77 && marker.state_dir &&
          !strcmp(marker.state_dir, test_state_dir) && marker.host &&
          !lab_marker_owner_alive(&marker));
    char *said = lab_marker_describe(&marker);
    CHECK(strstr(said, "`pgknob lab run 01-more` (pid 4242 on host") &&
          strstr(said, test_state_dir));
    free(said);
    arena_free(marker.arena);
    lab_marker_parse("set by hand", &marker); /* still a marker, of nobody known */
    CHECK(marker.value && !marker.host && !lab_marker_owner_alive(&marker));
    arena_free(marker.arena);
    CHECK(back.n_touched == 1 && !strcmp(back.touched[0], "shared_buffers"));
    CHECK(!journal_owner_alive(&back)); /* pid 4242 with that start time is not running */
    struct stat st;
    CHECK(stat(out.path, &st) == 0 && (st.st_mode & 0777) == 0600);
    char **paths;
    size_t n = journal_list(test_state_dir, &paths);
    CHECK(n == 1);
    for (size_t idx = 0; idx < n; idx++)
        free(paths[idx]);
    free(paths);
    /* --forget: renamed aside, no longer pending, still readable */
    char *kept = NULL;
    CHECK(journal_forget(out.path, &kept, &err) && !journal_exists(out.path) && kept &&
          journal_exists(kept));
    CHECK(journal_list(test_state_dir, &paths) == 0);
    free(paths);
    CHECK(kept && rename(kept, out.path) == 0);
    free(kept);
    CHECK(lab_remove_durable(out.path, &err) && !journal_exists(out.path));
    CHECK(lab_remove_durable(out.path, &err)); /* already gone: fine */
    pk_diag_free(&err);
    journal_free(&out);
    journal_free(&back);
}

static void expect_damaged(const char *dir, const char *text, const char *want)
{
    char *path = xasprintf("%s/lab-bad.json", dir);
    PkDiag err = PK_DIAG_INIT;
    CHECK(lab_write_durable(path, text, strlen(text), 0600, (uid_t)-1, (gid_t)-1, &err));
    LabJournal back;
    CHECK(!journal_read(path, &back, &err));
    /* the journal's path is the diagnostic's file; what is wrong its message */
    CHECK(err.message && err.file && !strcmp(err.file, path) && strstr(err.message, want));
    if (err.message && !strstr(err.message, want))
        fprintf(stderr, "    got: %s\n", err.message);
    journal_free(&back);
    pk_diag_free(&err);
    unlink(path);
    free(path);
}

static void test_version_1(const char *dir)
{
    const char text[] =
        "{\"format\": \"pgknob-lab-journal\", \"version\": 1, \"pid\": 1, \"server\": "
        "{\"data_directory\": \"/d\", \"port\": 5432}, \"auto_conf\": {\"text\": \"\"}, "
        "\"touched\": [], \"settings\": [{\"name\": \"work_mem\", \"setting\": \"4096\", "
        "\"source\": \"default\"}]}";
    char *path = xasprintf("%s/lab-v1.json", dir);
    PkDiag err = PK_DIAG_INIT;
    CHECK(lab_write_durable(path, text, strlen(text), 0600, (uid_t)-1, (gid_t)-1, &err));
    LabJournal back;
    CHECK(journal_read(path, &back, &err));
    CHECK(back.marker == NULL && back.n_settings == 1 && !back.settings[0].pending &&
          back.settings[0].pending_value == NULL);
    journal_free(&back);
    pk_diag_free(&err);
    unlink(path);
    free(path);
}

static void test_damaged(const char *dir)
{
    expect_damaged(dir, "{\"format\": \"pgknob-lab-journal\",", "not a readable lab journal");
    expect_damaged(dir, "[]", "not a JSON object");
    expect_damaged(dir, "{\"format\": \"other\"}", "not a pgknob lab journal");
    expect_damaged(dir, "{\"format\": \"pgknob-lab-journal\", \"version\": 9}", "version");
    expect_damaged(
        dir,
        "{\"format\": \"pgknob-lab-journal\", \"version\": 1, \"server\": "
        "{\"data_directory\": \"/d\", \"port\": 1}, \"auto_conf\": {}, \"settings\": [], "
        "\"touched\": []}",
        "neither the bytes nor the entries");
    expect_damaged(dir,
                   "{\"format\": \"pgknob-lab-journal\", \"version\": 1, \"server\": "
                   "{\"data_directory\": \"/d\", \"port\": 1}, \"auto_conf\": {\"hex\": \"zz\"}, "
                   "\"settings\": [], \"touched\": []}",
                   "damaged");
    expect_damaged(dir, "{\"format\": \"pgknob-lab-journal\", \"format\": \"x\"}", "duplicate");
}

static void test_quoted_lists(void)
{
    CHECK(catalog_is_quoted_list(13, "search_path"));
    CHECK(catalog_is_quoted_list(18, "Shared_Preload_Libraries"));
    CHECK(catalog_is_quoted_list(18, "temp_tablespaces"));
    CHECK(!catalog_is_quoted_list(13, "unix_socket_directories"));
    CHECK(catalog_is_quoted_list(14, "unix_socket_directories"));
    CHECK(!catalog_is_quoted_list(17, "oauth_validator_libraries"));
    CHECK(catalog_is_quoted_list(18, "oauth_validator_libraries"));
    /* lists the server does not quote element by element */
    CHECK(!catalog_is_quoted_list(18, "log_destination"));
    CHECK(!catalog_is_quoted_list(18, "listen_addresses"));
    CHECK(!catalog_is_quoted_list(18, "work_mem"));
}

int main(void)
{
    char *dir = pk_make_temp_dir("pgknob-journal-test", NULL);
    CHECK(dir != NULL);
    if (!dir)
        PK_TEST_DONE();
    char *state = xasprintf("%s/state/pgknob", dir); /* created by the first write */
    test_state_dir = state;
    const char text[] = "# Do not edit this file manually!\nsearch_path = '\"$user\", public'\n";
    test_round_trip(text, sizeof(text) - 1);
    const char binary[] = "work_mem = '5MB' # \xff\xfe latin-1 \xe9\n\0after a NUL\n";
    test_round_trip(binary, sizeof(binary) - 1);
    test_damaged(state);
    test_version_1(state);
    test_quoted_lists();
    char *cmd = xasprintf("rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    free(cmd);
    free(state);
    free(dir);
    PK_TEST_DONE();
}
