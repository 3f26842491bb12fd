/* Unit tests for the one redaction path (src/common/redact.c): the secret inside a value is
 * masked and the rest of the value shown, in every spelling libpq, a configuration file and
 * pg_hba.conf accept. */
#include <stdlib.h>
#include <string.h>

#include "common/redact.h"
#include "harness.h"

/* redact_text(r, text) compared with `expected`. */
static void masks(const Redaction *r, const char *text, const char *expected)
{
    char *out = redact_text(r, text);
    CHECK_STR(out, expected);
    free(out);
}

static void test_conninfo(void)
{
    masks(NULL, "host=db user=repl password=pw1 sslmode=require",
          "host=db user=repl password=<redacted> sslmode=require");
    /* libpq's conninfo_parse skips blanks on both sides of '=' */
    masks(NULL, "host=db password = pw1 user=x", "host=db password = <redacted> user=x");
    masks(NULL, "password\t=\tpw1", "password\t=\t<redacted>");
    /* quoted, with backslash escapes, as libpq reads it */
    masks(NULL, "password='a b\\' c' user=x", "password='<redacted>' user=x");
    masks(NULL, "password=a\\ b user=x", "password=<redacted> user=x");
    /* the same in a configuration file, which doubles the backslash */
    masks(NULL, "application_name = 'password=a\\\\ b c'",
          "application_name = 'password=<redacted> c'");
    /* the same conninfo inside a configuration line: '' and \' spell libpq's quote */
    masks(NULL, "primary_conninfo = 'host=a password=''x y'' user=b'",
          "primary_conninfo = 'host=a password=''<redacted>'' user=b'");
    masks(NULL, "primary_conninfo = 'host=a password=\\'x y\\' user=b'",
          "primary_conninfo = 'host=a password=\\'<redacted>\\' user=b'");
    /* the closing quote of the text around it is kept, nothing of the password */
    masks(NULL, "holds \"password=pw1\", which", "holds \"password=<redacted>\", which");
    masks(NULL, "primary_conninfo = 'host=a password=pw1'",
          "primary_conninfo = 'host=a password=<redacted>'");
    masks(NULL, "password=ab'cd", "password=<redacted>");
    masks(NULL, "sslpassword=k1 PGPASSWORD=k2 pg_basebackup",
          "sslpassword=<redacted> PGPASSWORD=<redacted> pg_basebackup");
    /* a URI's query parameter ends at '&' */
    masks(NULL, "postgresql://h/db?user=u&password=pw1&sslmode=require",
          "postgresql://h/db?user=u&password=<redacted>&sslmode=require");
    /* not secrets: a conninfo without one, an algorithm, a comparison */
    masks(NULL, "host=db user=repl sslmode=disable", "host=db user=repl sslmode=disable");
    masks(NULL, "password_encryption = scram-sha-256", "password_encryption = scram-sha-256");
    masks(NULL, "password == x", "password == x");
    masks(NULL, "password=", "password=");
    CHECK(!redact_value_has_secret("host=db user=repl"));
    CHECK(redact_value_has_secret("host=db password = x"));
}

static void test_urls(void)
{
    masks(NULL, "postgresql://user:pw1@host/db", "postgresql://user:<redacted>@host/db");
    masks(NULL, "curl https://bob:pw2@archive/%f", "curl https://bob:<redacted>@archive/%f");
    /* a libpq URI's user alone is a user name; another scheme's is where a token goes */
    masks(NULL, "postgres://user@host/db", "postgres://user@host/db");
    masks(NULL, "notify https://tok123@hooks/done", "notify https://<redacted>@hooks/done");
    masks(NULL, "https://www.postgresql.org/docs/18/", "https://www.postgresql.org/docs/18/");
    CHECK(!redact_value_has_secret("postgres://user@host/db"));
}

static void test_hba_options(void)
{
    masks(NULL, "host all all 0.0.0.0/0 ldap ldapserver=l ldapbinddn=\"cn=x\" ldapbindpasswd=pw3",
          "host all all 0.0.0.0/0 ldap ldapserver=l ldapbinddn=\"cn=x\" ldapbindpasswd=<redacted>");
    masks(NULL, "radius radiusservers=a,b radiussecrets=\"s1,s2\" radiusports=1812",
          "radius radiusservers=a,b radiussecrets=\"<redacted>\" radiusports=1812");
}

static void test_names_and_values(void)
{
    /* a conninfo name is not secret as a whole: its secrets are, inside the value */
    CHECK(!redact_name_secret(NULL, "primary_conninfo"));
    CHECK(redact_name_secret(NULL, "ssl_passphrase_command"));
    CHECK(redact_name_secret(NULL, "ldapbindpasswd"));
    CHECK(redact_name_secret(NULL, "radiussecrets"));
    CHECK(!redact_name_secret(NULL, "password_encryption"));
    char *v = redact_value(NULL, "primary_conninfo", "host=db user=repl password=pw");
    CHECK_STR(v, "host=db user=repl password=<redacted>");
    free(v);
    v = redact_value(NULL, "primary_conninfo", "host=db user=repl");
    CHECK_STR(v, "host=db user=repl");
    free(v);
    v = redact_value(NULL, "ssl_passphrase_command", "echo pw");
    CHECK_STR(v, REDACTED);
    free(v);
    v = redact_value(NULL, "ssl_passphrase_command", "");
    CHECK_STR(v, "");
    free(v);
    /* the secrets of a value are looked for wherever the run prints them */
    Redaction r = {0};
    redaction_add_secrets_in(&r, "host=a password='p\\'w x'");
    masks(&r, "connection failed for p'w x", "connection failed for <redacted>");
    arena_free(r.arena);
    r = (Redaction){0};
    /* a given conninfo with no secret adds nothing, so it is shown whole */
    redaction_add_conninfo(&r, "host=a user=b");
    CHECK(r.n_values == 0);
    redaction_add_conninfo(&r, "postgresql://u:pw9@h/db");
    masks(&r, "bad URI postgresql://u:pw9@h/db and pw9", "bad URI <redacted> and <redacted>");
    arena_free(r.arena);
}

static void test_listing(void)
{
    char *out = redact_listing(NULL, "settings differ from before the lab:\n"
                                     "cluster_name: \"\" → \"x password=pw1\"\n"
                                     "ssl_passphrase_command: \"\" → \"echo pw2\"\n"
                                     "work_mem: \"4096\" → \"8192\"\n");
    CHECK_STR(out, "settings differ from before the lab:\n"
                   "cluster_name: \"\" → \"x password=<redacted>\"\n"
                   "ssl_passphrase_command: <redacted>\n"
                   "work_mem: \"4096\" → \"8192\"\n");
    free(out);
}

static void test_json(void)
{
    json_t *tree = json_pack("{s:s,s:[s,s],s:i}", "value", "host=a password=pw1", "list",
                             "ldapbindpasswd=pw2", "plain", "n", 3);
    redact_json(NULL, tree);
    CHECK_STR(json_string_value(json_object_get(tree, "value")), "host=a password=<redacted>");
    CHECK_STR(json_string_value(json_array_get(json_object_get(tree, "list"), 0)),
              "ldapbindpasswd=<redacted>");
    CHECK_STR(json_string_value(json_array_get(json_object_get(tree, "list"), 1)), "plain");
    json_decref(tree);
}

int main(void)
{
    test_conninfo();
    test_urls();
    test_hba_options();
    test_names_and_values();
    test_listing();
    test_json();
    PK_TEST_DONE();
}
