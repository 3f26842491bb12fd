/* parse_hba_line(), parse_hba_auth_opt() and parse_ident_line() of libpq/hba.c, 13–18, with
 * the view's rendering (hbafuncs.c: get_hba_options, fill_hba_line). The server's quirks are
 * kept on purpose, because pg_hba_file_rules and the start verdict show them:
 *  - some checks log an error without setting the row's error text (an invalid clientcert,
 *    clientname or RADIUS value): the row is empty, has no error, and the load still fails;
 *  - "hostssl while ssl is off" sets the error text but the line is kept: the load succeeds;
 *  - a later error text replaces an earlier one. */
#include <arpa/inet.h>
#include <ctype.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "common/arena.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "hba/hba.intern.h"

#define LDAP_SCOPE_SUBTREE 2

/* The parser's own strings (the error, the options before rendering) are malloc'd and freed
 * by parse_free; what goes into the rule lives in the set's arena `a`. */
typedef struct Parse {
    Arena *a;
    const HbaOpts *opts;
    HbaRule *r;
    char *error; /* *err_msg */
    /* options as parsed, rendered at the end in get_hba_options order */
    bool include_realm;
    char *krb_realm, *pamservice;
    char *ldapserver, *ldapscheme, *ldapprefix, *ldapsuffix, *ldapbasedn, *ldapbinddn,
        *ldapbindpasswd, *ldapsearchattribute, *ldapsearchfilter;
    int ldapport, ldapscope;
    bool ldaptls;
    char *radiusservers, *radiussecrets, *radiusidentifiers, *radiusports;
    size_t n_radiusservers, n_radiussecrets, n_radiusidentifiers, n_radiusports;
    char *issuer, *scope, *validator;
    bool skip_usermap;
} Parse;

static void set_error(Parse *ps, char *message)
{
    free(ps->error);
    ps->error = message;
}

/* Returns false, so `return fail(ps, …)` reads as the server's `return NULL`. */
__attribute__((format(printf, 2, 3))) static bool fail(Parse *ps, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    StrBuf sb = STRBUF_INIT;
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    set_error(ps, sb_detach(&sb));
    return false;
}

/* What the server logs without an error text for the view; returns false like fail(). */
__attribute__((format(printf, 2, 3))) static bool logged(Parse *ps, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    StrBuf sb = STRBUF_INIT;
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    ps->r->logged = arena_strdup(ps->a, sb_str(&sb));
    sb_free(&sb);
    return false;
}

const char *hba_auth_name(HbaAuth auth)
{
    static const char *const names[] = {
        [HBA_AUTH_REJECT] = "reject", [HBA_AUTH_TRUST] = "trust",
        [HBA_AUTH_IDENT] = "ident",   [HBA_AUTH_PASSWORD] = "password",
        [HBA_AUTH_MD5] = "md5",       [HBA_AUTH_SCRAM] = "scram-sha-256",
        [HBA_AUTH_GSS] = "gss",       [HBA_AUTH_SSPI] = "sspi",
        [HBA_AUTH_PAM] = "pam",       [HBA_AUTH_BSD] = "bsd",
        [HBA_AUTH_LDAP] = "ldap",     [HBA_AUTH_CERT] = "cert",
        [HBA_AUTH_RADIUS] = "radius", [HBA_AUTH_PEER] = "peer",
        [HBA_AUTH_OAUTH] = "oauth",
    };
    return names[auth];
}

static bool is_keyword(const HbaToken *tok, const char *word)
{
    return !tok->quoted && !strcmp(tok->text, word);
}

/* regcomp_auth_token(): from 16, a token starting with "/" is a regular expression. */
static bool compile_tokens(Parse *ps, const HbaTokens *in, HbaTokens *out)
{
    for (size_t idx = 0; idx < in->n; idx++) {
        const HbaToken *tok = &in->items[idx];
        hba_tokens_add(ps->a, out, tok->text, tok->quoted);
        if (ps->opts->major >= 16 && tok->text[0] == '/') {
            const char *why = hba_regex_error(tok->text + 1);
            if (why)
                return fail(ps, "invalid regular expression \"%s\": %s", tok->text + 1, why);
        }
    }
    return true;
}

/* SplitGUCList(): a comma list of names, double-quoted or bare; false on bad syntax. */
static bool split_guc_list(const char *raw, size_t *n_out)
{
    const char *p = raw;
    size_t n = 0;
    while (isspace((unsigned char)*p))
        p++;
    if (!*p) {
        *n_out = 0;
        return true;
    }
    for (;;) {
        if (*p == '"') {
            for (p++;; p++) {
                if (!*p)
                    return false;
                if (*p == '"' && p[1] != '"')
                    break;
                if (*p == '"')
                    p++;
            }
            p++;
        } else {
            const char *start = p;
            while (*p && *p != ',' && !isspace((unsigned char)*p))
                p++;
            if (p == start)
                return false;
        }
        n++;
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        if (*p != ',')
            return false;
        p++;
        while (isspace((unsigned char)*p))
            p++;
    }
    *n_out = n;
    return true;
}

/* The entries of a list SplitGUCList accepted, dequoted; caller frees each and the array. */
static char **guc_list_items(const char *raw, size_t n)
{
    char **items = xcalloc(n ? n : 1, sizeof(char *));
    const char *p = raw;
    for (size_t idx = 0; idx < n; idx++) {
        while (isspace((unsigned char)*p) || *p == ',')
            p++;
        StrBuf sb = STRBUF_INIT;
        if (*p == '"') {
            for (p++; *p && !(*p == '"' && p[1] != '"'); p++) {
                if (*p == '"')
                    p++;
                sb_putc(&sb, *p);
            }
            if (*p)
                p++;
        } else {
            while (*p && *p != ',' && !isspace((unsigned char)*p))
                sb_putc(&sb, *p++);
        }
        items[idx] = sb.data ? sb_detach(&sb) : xstrdup("");
    }
    return items;
}

static bool method_in(HbaAuth auth, const HbaAuth *list, size_t n)
{
    for (size_t idx = 0; idx < n; idx++)
        if (list[idx] == auth)
            return true;
    return false;
}

static bool invalid_option(Parse *ps, const char *name, const char *methods)
{
    return fail(ps, "authentication option \"%s\" is only valid for authentication methods %s",
                name, methods);
}

/* REQUIRE_AUTH_OPTION */
static bool require(Parse *ps, HbaAuth method, const char *name, const char *method_name)
{
    return ps->r->auth == method || invalid_option(ps, name, method_name);
}

static void keep(char **slot, const char *val)
{
    free(*slot);
    *slot = xstrdup(val);
}

/* A RADIUS server list: every entry must resolve (the server calls getaddrinfo). */
static bool radius_servers(Parse *ps, const char *val)
{
    size_t n;
    if (!split_guc_list(val, &n))
        return logged(ps, "could not parse RADIUS server list \"%s\"", val);
    char **items = guc_list_items(val, n);
    bool ok = true;
    for (size_t idx = 0; idx < n && ok; idx++) {
        struct addrinfo hints = {.ai_socktype = SOCK_DGRAM, .ai_family = AF_UNSPEC};
        struct addrinfo *res = NULL;
        int ret = getaddrinfo(items[idx], NULL, &hints, &res);
        ok = ret == 0 && res;
        if (!ok)
            logged(ps, "could not translate RADIUS server name \"%s\" to address: %s", items[idx],
                   gai_strerror(ret));
        if (res)
            freeaddrinfo(res);
    }
    for (size_t idx = 0; idx < n; idx++)
        free(items[idx]);
    free(items);
    if (ok) {
        keep(&ps->radiusservers, val);
        ps->n_radiusservers = n;
    }
    return ok;
}

static bool radius_ports(Parse *ps, const char *val)
{
    size_t n;
    if (!split_guc_list(val, &n))
        return fail(ps, "invalid RADIUS port number: \"%s\"", val);
    char **items = guc_list_items(val, n);
    bool ok = true;
    for (size_t idx = 0; idx < n; idx++) {
        if (atoi(items[idx]) == 0)
            ok = false;
        free(items[idx]);
    }
    free(items);
    if (!ok)
        logged(ps, "invalid RADIUS port number: \"%s\"", val);
    if (ok) {
        keep(&ps->radiusports, val);
        ps->n_radiusports = n;
    }
    return ok;
}

static bool radius_list(Parse *ps, const char *what, char **slot, size_t *count, const char *val)
{
    size_t n;
    if (!split_guc_list(val, &n))
        return logged(ps, "could not parse RADIUS %s list \"%s\"", what, val);
    keep(slot, val);
    *count = n;
    return true;
}

static bool bool_opt(const char *val)
{
    return !strcmp(val, "1");
}

static bool parse_clientcert(Parse *ps, const char *val)
{
    HbaRule *r = ps->r;
    int major = ps->opts->major;
    if (r->conntype != HBA_CT_HOSTSSL)
        return fail(ps, "clientcert can only be configured for \"hostssl\" rows");
    if (!strcmp(val, "verify-full")) {
        r->clientcert = HBA_CC_FULL;
    } else if (!strcmp(val, "verify-ca") || (major <= 13 && !strcmp(val, "1"))) {
        if (major >= 14 && r->auth == HBA_AUTH_CERT)
            return fail(ps, "clientcert can only be set to \"verify-full\" when using \"cert\""
                            " authentication");
        r->clientcert = HBA_CC_CA;
    } else if (major <= 13 && (!strcmp(val, "0") || !strcmp(val, "no-verify"))) {
        if (r->auth == HBA_AUTH_CERT)
            return fail(ps, "clientcert cannot be set to \"no-verify\" when using \"cert\""
                            " authentication");
        r->clientcert = HBA_CC_OFF;
    } else {
        return logged(ps, "invalid value for clientcert: \"%s\"", val);
    }
    return true;
}

static bool parse_ldap_opt(Parse *ps, const char *name, const char *val)
{
    static const struct {
        const char *name;
        size_t off;
    } strings[] = {
        {"ldapserver", offsetof(Parse, ldapserver)},
        {"ldapbinddn", offsetof(Parse, ldapbinddn)},
        {"ldapbindpasswd", offsetof(Parse, ldapbindpasswd)},
        {"ldapsearchattribute", offsetof(Parse, ldapsearchattribute)},
        {"ldapsearchfilter", offsetof(Parse, ldapsearchfilter)},
        {"ldapbasedn", offsetof(Parse, ldapbasedn)},
        {"ldapprefix", offsetof(Parse, ldapprefix)},
        {"ldapsuffix", offsetof(Parse, ldapsuffix)},
        {"ldapscheme", offsetof(Parse, ldapscheme)},
    };
    for (size_t idx = 0; idx < sizeof(strings) / sizeof(strings[0]); idx++) {
        if (strcmp(name, strings[idx].name))
            continue;
        if (!require(ps, HBA_AUTH_LDAP, name, "ldap"))
            return false;
        /* an invalid ldapscheme is only logged, and kept */
        if (!strcmp(name, "ldapscheme") && strcmp(val, "ldap") && strcmp(val, "ldaps"))
            logged(ps, "invalid ldapscheme value: \"%s\"", val);
        keep((char **)((char *)ps + strings[idx].off), val);
        return true;
    }
    if (!strcmp(name, "ldaptls")) {
        if (!require(ps, HBA_AUTH_LDAP, name, "ldap"))
            return false;
        ps->ldaptls = bool_opt(val);
        return true;
    }
    if (!strcmp(name, "ldapport")) {
        if (!require(ps, HBA_AUTH_LDAP, name, "ldap"))
            return false;
        ps->ldapport = atoi(val);
        if (ps->ldapport == 0)
            return fail(ps, "invalid LDAP port number: \"%s\"", val);
        return true;
    }
    if (!strcmp(name, "ldapurl")) {
        if (!require(ps, HBA_AUTH_LDAP, name, "ldap"))
            return false;
        /* ldap_url_parse (OpenLDAP): pgknob checks only the scheme and the host */
        const char *rest = NULL;
        if (!strncmp(val, "ldap://", 7))
            rest = val + 7, keep(&ps->ldapscheme, "ldap");
        else if (!strncmp(val, "ldaps://", 8))
            rest = val + 8, keep(&ps->ldapscheme, "ldaps");
        if (!rest)
            return fail(ps, "could not parse LDAP URL \"%s\": Bad parameter to an ldap routine",
                        val);
        size_t host_len = strcspn(rest, ":/?");
        if (host_len) {
            free(ps->ldapserver);
            ps->ldapserver = xasprintf("%.*s", (int)host_len, rest);
        }
        if (rest[host_len] == ':')
            ps->ldapport = atoi(rest + host_len + 1);
        const char *dn = strchr(rest, '/');
        if (dn && dn[1] && dn[1] != '?') {
            free(ps->ldapbasedn);
            ps->ldapbasedn = xasprintf("%.*s", (int)strcspn(dn + 1, "?"), dn + 1);
        }
        return true;
    }
    return fail(ps, "unrecognized authentication option name: \"%s\"", name);
}

/* parse_hba_auth_opt() */
static bool parse_option(Parse *ps, const char *name, const char *val)
{
    HbaRule *r = ps->r;
    int major = ps->opts->major;
    if (ps->opts->features & HBA_FEAT_LDAP)
        ps->ldapscope = LDAP_SCOPE_SUBTREE;
    if (!strcmp(name, "map")) {
        static const HbaAuth ok[] = {HBA_AUTH_IDENT, HBA_AUTH_PEER, HBA_AUTH_GSS,
                                     HBA_AUTH_SSPI,  HBA_AUTH_CERT, HBA_AUTH_OAUTH};
        if (!method_in(r->auth, ok, sizeof(ok) / sizeof(ok[0])))
            return invalid_option(ps, "map",
                                  major >= 18 ? "ident, peer, gssapi, sspi, cert, and oauth"
                                              : "ident, peer, gssapi, sspi, and cert");
        r->map = arena_strdup(ps->a, val);
        return true;
    }
    if (!strcmp(name, "clientcert"))
        return parse_clientcert(ps, val);
    if (!strcmp(name, "clientname") && major >= 14) {
        if (r->conntype != HBA_CT_HOSTSSL)
            return fail(ps, "clientname can only be configured for \"hostssl\" rows");
        return !strcmp(val, "CN") || !strcmp(val, "DN") ||
               logged(ps, "invalid value for clientname: \"%s\"", val);
    }
    if (!strcmp(name, "pamservice")) {
        if (!require(ps, HBA_AUTH_PAM, name, "pam"))
            return false;
        keep(&ps->pamservice, val);
        return true;
    }
    if (!strcmp(name, "pam_use_hostname"))
        return require(ps, HBA_AUTH_PAM, name, "pam");
    if (!strncmp(name, "ldap", 4))
        return parse_ldap_opt(ps, name, val);
    if (!strcmp(name, "krb_realm") || !strcmp(name, "include_realm")) {
        if (r->auth != HBA_AUTH_GSS && r->auth != HBA_AUTH_SSPI)
            return invalid_option(ps, name, "gssapi and sspi");
        if (name[0] == 'k')
            keep(&ps->krb_realm, val);
        else
            ps->include_realm = bool_opt(val);
        return true;
    }
    if (!strcmp(name, "compat_realm") || !strcmp(name, "upn_username"))
        return r->auth == HBA_AUTH_SSPI || invalid_option(ps, name, "sspi");
    if (!strcmp(name, "radiusservers"))
        return require(ps, HBA_AUTH_RADIUS, name, "radius") && radius_servers(ps, val);
    if (!strcmp(name, "radiusports"))
        return require(ps, HBA_AUTH_RADIUS, name, "radius") && radius_ports(ps, val);
    if (!strcmp(name, "radiussecrets"))
        return require(ps, HBA_AUTH_RADIUS, name, "radius") &&
               radius_list(ps, "secret", &ps->radiussecrets, &ps->n_radiussecrets, val);
    if (!strcmp(name, "radiusidentifiers"))
        return require(ps, HBA_AUTH_RADIUS, name, "radius") &&
               radius_list(ps, "identifiers", &ps->radiusidentifiers, &ps->n_radiusidentifiers,
                           val);
    if (major >= 18) {
        char **slot = !strcmp(name, "issuer")      ? &ps->issuer
                      : !strcmp(name, "scope")     ? &ps->scope
                      : !strcmp(name, "validator") ? &ps->validator
                                                   : NULL;
        if (slot) {
            if (!require(ps, HBA_AUTH_OAUTH, name, "oauth"))
                return false;
            keep(slot, val);
            return true;
        }
        if (!strcmp(name, "delegate_ident_mapping")) {
            if (!require(ps, HBA_AUTH_OAUTH, name, "oauth"))
                return false;
            ps->skip_usermap = bool_opt(val);
            return true;
        }
    }
    return fail(ps, "unrecognized authentication option name: \"%s\"", name);
}

/* The address as the view shows it: getnameinfo(NI_NUMERICHOST), IPv6 zone dropped. */
static char *numeric_host(Arena *a, const struct sockaddr_storage *ss, socklen_t len)
{
    char buf[NI_MAXHOST];
    if (getnameinfo((const struct sockaddr *)ss, len, buf, sizeof(buf), NULL, 0, NI_NUMERICHOST))
        return arena_strdup(a, "???");
    char *pct = ss->ss_family == AF_INET6 ? strchr(buf, '%') : NULL;
    if (pct)
        *pct = '\0';
    return arena_strdup(a, buf);
}

static unsigned char *sockaddr_bytes(struct sockaddr_storage *ss, size_t *n)
{
    if (ss->ss_family == AF_INET) {
        *n = 4;
        return (unsigned char *)&((struct sockaddr_in *)ss)->sin_addr;
    }
    *n = 16;
    return (unsigned char *)&((struct sockaddr_in6 *)ss)->sin6_addr;
}

/* pg_sockaddr_cidr_mask() */
static bool cidr_mask(struct sockaddr_storage *mask, const char *numbits, int family)
{
    char *end;
    long bits = strtol(numbits, &end, 10);
    if (!*numbits || *end)
        return false;
    long max = family == AF_INET ? 32 : family == AF_INET6 ? 128 : -1;
    if (bits < 0 || bits > max)
        return false;
    memset(mask, 0, sizeof(*mask));
    mask->ss_family = (sa_family_t)family;
    size_t n;
    unsigned char *bytes = sockaddr_bytes(mask, &n);
    for (size_t idx = 0; idx < n; idx++, bits -= 8)
        bytes[idx] = bits >= 8 ? 0xff : bits > 0 ? (unsigned char)(0xff << (8 - bits)) : 0;
    return true;
}

static void record_mask(HbaRule *r, struct sockaddr_storage *addr, struct sockaddr_storage *mask)
{
    size_t n, m;
    unsigned char *ab = sockaddr_bytes(addr, &n);
    unsigned char *mb = sockaddr_bytes(mask, &m);
    r->family = addr->ss_family;
    memcpy(r->addr, ab, n);
    memcpy(r->mask, mb, m < n ? m : n);
    int prefix = 0;
    bool zero_seen = false;
    for (size_t idx = 0; idx < n * 8; idx++) {
        bool bit = r->mask[idx / 8] & (0x80 >> (idx % 8));
        if (bit && zero_seen) {
            prefix = -1;
            break;
        }
        if (bit)
            prefix++;
        else
            zero_seen = true;
    }
    r->prefix_len = prefix;
}

/* The address field (and the netmask field when no CIDR suffix). `field` is advanced. */
static bool parse_address(Parse *ps, const TokLine *tl, size_t *field)
{
    HbaRule *r = ps->r;
    if (++*field >= tl->n_fields)
        return fail(ps, "end-of-line before IP address specification");
    const HbaTokens *toks = &tl->fields[*field];
    if (toks->n > 1)
        return fail(ps, "multiple values specified for host address");
    const HbaToken *tok = &toks->items[0];
    if (is_keyword(tok, "all") || is_keyword(tok, "samehost") || is_keyword(tok, "samenet")) {
        r->addr_kind = tok->text[0] == 'a'   ? HBA_ADDR_ALL
                       : tok->text[4] == 'h' ? HBA_ADDR_SAMEHOST
                                             : HBA_ADDR_SAMENET;
        r->address = arena_strdup(ps->a, tok->text);
        return true;
    }
    r->addr_kind = HBA_ADDR_MASK;
    char *str = xstrdup(tok->text);
    char *slash = strchr(str, '/');
    if (slash)
        *slash = '\0';
    struct addrinfo hints = {.ai_flags = AI_NUMERICHOST, .ai_family = AF_UNSPEC};
    struct addrinfo *res = NULL;
    int ret = getaddrinfo(str, NULL, &hints, &res);
    struct sockaddr_storage addr = {0}, mask = {0};
    socklen_t addrlen = 0;
    if (ret == 0 && res) {
        memcpy(&addr, res->ai_addr, res->ai_addrlen);
        addrlen = res->ai_addrlen;
    } else if (ret == EAI_NONAME) {
        r->addr_kind = HBA_ADDR_HOSTNAME;
        r->hostname = arena_strdup(ps->a, str);
    } else {
        bool ok = fail(ps, "invalid IP address \"%s\": %s", str, gai_strerror(ret));
        if (res)
            freeaddrinfo(res);
        free(str);
        return ok;
    }
    if (res)
        freeaddrinfo(res);
    if (slash) {
        if (r->hostname) {
            free(str);
            return fail(ps, "specifying both host name and CIDR mask is invalid: \"%s\"",
                        tok->text);
        }
        if (!cidr_mask(&mask, slash + 1, addr.ss_family)) {
            free(str);
            return fail(ps, "invalid CIDR mask in address \"%s\"", tok->text);
        }
    } else if (!r->hostname) {
        if (++*field >= tl->n_fields) {
            free(str);
            return fail(ps, "end-of-line before netmask specification");
        }
        toks = &tl->fields[*field];
        if (toks->n > 1) {
            free(str);
            return fail(ps, "multiple values specified for netmask");
        }
        tok = &toks->items[0];
        res = NULL;
        ret = getaddrinfo(tok->text, NULL, &hints, &res);
        if (ret || !res) {
            free(str);
            bool ok = fail(ps, "invalid IP mask \"%s\": %s", tok->text, gai_strerror(ret));
            if (res)
                freeaddrinfo(res);
            return ok;
        }
        memcpy(&mask, res->ai_addr, res->ai_addrlen);
        freeaddrinfo(res);
        if (addr.ss_family != mask.ss_family) {
            free(str);
            return fail(ps, "IP address and mask do not match");
        }
    }
    if (r->hostname) {
        r->address = r->hostname;
    } else {
        r->address = numeric_host(ps->a, &addr, addrlen);
        r->netmask = numeric_host(ps->a, &mask, addrlen);
        record_mask(r, &addr, &mask);
    }
    free(str);
    return true;
}

static bool parse_conntype(Parse *ps, const HbaTokens *toks)
{
    HbaRule *r = ps->r;
    unsigned feat = ps->opts->features;
    if (toks->n > 1)
        return fail(ps, "multiple values specified for connection type");
    const char *s = toks->items[0].text;
    static const struct {
        const char *name;
        HbaConnType type;
    } types[] = {{"local", HBA_CT_LOCAL},        {"host", HBA_CT_HOST},
                 {"hostssl", HBA_CT_HOSTSSL},    {"hostnossl", HBA_CT_HOSTNOSSL},
                 {"hostgssenc", HBA_CT_HOSTGSS}, {"hostnogssenc", HBA_CT_HOSTNOGSS}};
    for (size_t idx = 0; idx < sizeof(types) / sizeof(types[0]); idx++) {
        if (strcmp(s, types[idx].name))
            continue;
        r->conntype = types[idx].type;
        r->type = types[idx].name;
        if (r->conntype == HBA_CT_HOSTSSL && !(feat & HBA_FEAT_SSL))
            set_error(ps, xstrdup("hostssl record cannot match because SSL is not supported by"
                                  " this build"));
        else if (r->conntype == HBA_CT_HOSTSSL && !ps->opts->ssl)
            set_error(ps, xstrdup("hostssl record cannot match because SSL is disabled"));
        else if (r->conntype == HBA_CT_HOSTGSS && !(feat & HBA_FEAT_GSS))
            set_error(ps, xstrdup("hostgssenc record cannot match because GSSAPI is not"
                                  " supported by this build"));
        return true;
    }
    return fail(ps, "invalid connection type \"%s\"", s);
}

static bool parse_method(Parse *ps, const HbaTokens *toks)
{
    HbaRule *r = ps->r;
    unsigned feat = ps->opts->features;
    if (toks->n > 1)
        return fail(ps, "multiple values specified for authentication type");
    const char *s = toks->items[0].text;
    static const struct {
        const char *name;
        HbaAuth auth;
        unsigned needs;
        int since;
    } methods[] = {
        {"trust", HBA_AUTH_TRUST, 0, 13},
        {"ident", HBA_AUTH_IDENT, 0, 13},
        {"peer", HBA_AUTH_PEER, 0, 13},
        {"password", HBA_AUTH_PASSWORD, 0, 13},
        {"gss", HBA_AUTH_GSS, HBA_FEAT_GSS, 13},
        {"sspi", HBA_AUTH_SSPI, ~0u, 13},
        {"reject", HBA_AUTH_REJECT, 0, 13},
        {"md5", HBA_AUTH_MD5, 0, 13},
        {"scram-sha-256", HBA_AUTH_SCRAM, 0, 13},
        {"pam", HBA_AUTH_PAM, HBA_FEAT_PAM, 13},
        {"bsd", HBA_AUTH_BSD, HBA_FEAT_BSD, 13},
        {"ldap", HBA_AUTH_LDAP, HBA_FEAT_LDAP, 13},
        {"cert", HBA_AUTH_CERT, HBA_FEAT_SSL, 13},
        {"radius", HBA_AUTH_RADIUS, 0, 13},
        {"oauth", HBA_AUTH_OAUTH, 0, 18},
    };
    for (size_t idx = 0; idx < sizeof(methods) / sizeof(methods[0]); idx++) {
        if (strcmp(s, methods[idx].name) || ps->opts->major < methods[idx].since)
            continue;
        /* sspi is Windows-only: never built on the servers pgknob targets */
        if (methods[idx].needs && (methods[idx].needs == ~0u || !(feat & methods[idx].needs)))
            return fail(ps, "invalid authentication method \"%s\": not supported by this build", s);
        r->auth = methods[idx].auth;
        return true;
    }
    return fail(ps, "invalid authentication method \"%s\"", s);
}

/* The checks after the options (mandatory arguments, implied settings). */
/* oauth_validator_libraries (`libs`) admits the line's validator: set, one of them named when
 * it lists several (hba.c's parse_hba_line). */
static bool oauth_validator_allowed(Parse *ps, const char *libs)
{
    size_t n = 0;
    if (!split_guc_list(libs, &n) || n == 0)
        return fail(ps, "oauth_validator_libraries must be set for authentication method"
                        " oauth");
    char **items = guc_list_items(libs, n);
    bool ok = true;
    if (!ps->validator && n == 1) {
        ps->validator = xstrdup(items[0]);
    } else if (!ps->validator) {
        ok = fail(ps, "authentication method \"oauth\" requires argument \"validator\" to be"
                      " set when oauth_validator_libraries contains multiple options");
    } else {
        bool found = false;
        for (size_t idx = 0; idx < n; idx++)
            found = found || !strcmp(items[idx], ps->validator);
        if (!found)
            ok = fail(ps, "validator \"%s\" is not permitted by oauth_validator_libraries",
                      ps->validator);
    }
    for (size_t idx = 0; idx < n; idx++)
        free(items[idx]);
    free(items);
    return ok;
}

static bool check_method_args(Parse *ps)
{
    HbaRule *r = ps->r;
    if (r->auth == HBA_AUTH_LDAP) {
        if (ps->ldapprefix || ps->ldapsuffix) {
            if (ps->ldapbasedn || ps->ldapbinddn || ps->ldapbindpasswd || ps->ldapsearchattribute ||
                ps->ldapsearchfilter)
                return fail(ps, ps->opts->major >= 18
                                    ? "cannot mix options for simple bind and search+bind modes"
                                    : "cannot use ldapbasedn, ldapbinddn, ldapbindpasswd,"
                                      " ldapsearchattribute, ldapsearchfilter, or ldapurl"
                                      " together with ldapprefix");
        } else if (!ps->ldapbasedn) {
            return fail(ps, "authentication method \"ldap\" requires argument \"ldapbasedn\","
                            " \"ldapprefix\", or \"ldapsuffix\" to be set");
        }
        if (ps->ldapsearchattribute && ps->ldapsearchfilter)
            return fail(ps, "cannot use ldapsearchattribute together with ldapsearchfilter");
    }
    if (r->auth == HBA_AUTH_RADIUS) {
        /* an empty list is a NIL list, which the server takes for "not set" */
        if (!ps->n_radiusservers)
            return fail(ps, "authentication method \"radius\" requires argument \"radiusservers\""
                            " to be set");
        if (!ps->n_radiussecrets)
            return fail(ps, "authentication method \"radius\" requires argument \"radiussecrets\""
                            " to be set");
        size_t servers = ps->n_radiusservers;
        if (ps->n_radiussecrets != 1 && ps->n_radiussecrets != servers)
            return fail(ps,
                        "the number of RADIUS secrets (%zu) must be 1 or the same as the"
                        " number of RADIUS servers (%zu)",
                        ps->n_radiussecrets, servers);
        if (ps->n_radiusports > 1 && ps->n_radiusports != servers)
            return fail(ps,
                        "the number of RADIUS ports (%zu) must be 1 or the same as the"
                        " number of RADIUS servers (%zu)",
                        ps->n_radiusports, servers);
        if (ps->n_radiusidentifiers > 1 && ps->n_radiusidentifiers != servers)
            return fail(ps,
                        "the number of RADIUS identifiers (%zu) must be 1 or the same as the"
                        " number of RADIUS servers (%zu)",
                        ps->n_radiusidentifiers, servers);
    }
    if (r->auth == HBA_AUTH_CERT)
        r->clientcert = HBA_CC_FULL;
    if (r->auth == HBA_AUTH_OAUTH) {
        if (!ps->scope)
            return fail(ps,
                        "authentication method \"oauth\" requires argument \"scope\" to be set");
        if (!ps->issuer)
            return fail(ps, "authentication method \"oauth\" requires argument \"issuer\" to be"
                            " set");
        const char *libs = ps->opts->oauth_validators ? ps->opts->oauth_validators : "";
        if (!(ps->opts->oauth_unknown && !*libs) && !oauth_validator_allowed(ps, libs))
            return false;
        if (ps->skip_usermap && r->map)
            return fail(ps, "map cannot be used in combination with delegate_ident_mapping");
    }
    return true;
}

/* `text` (malloc'd) is copied into the set's arena and freed. */
static void add_option(Parse *ps, char *text)
{
    HbaRule *r = ps->r;
    r->options = arena_realloc(ps->a, r->options, r->n_options * sizeof(char *),
                               (r->n_options + 1) * sizeof(char *));
    r->options[r->n_options++] = arena_strdup(ps->a, text);
    free(text);
}

/* get_hba_options() */
static void render_options(Parse *ps)
{
    HbaRule *r = ps->r;
    if (r->auth == HBA_AUTH_GSS || r->auth == HBA_AUTH_SSPI) {
        if (ps->include_realm)
            add_option(ps, xstrdup("include_realm=true"));
        if (ps->krb_realm)
            add_option(ps, xasprintf("krb_realm=%s", ps->krb_realm));
    }
    if (r->map)
        add_option(ps, xasprintf("map=%s", r->map));
    if (r->clientcert != HBA_CC_OFF)
        add_option(ps, xasprintf("clientcert=%s",
                                 r->clientcert == HBA_CC_CA ? "verify-ca" : "verify-full"));
    if (ps->pamservice)
        add_option(ps, xasprintf("pamservice=%s", ps->pamservice));
    if (r->auth == HBA_AUTH_LDAP) {
        const struct {
            const char *name;
            const char *val;
        } before[] = {{"ldapserver", ps->ldapserver}},
          after[] = {{"ldapprefix", ps->ldapprefix},
                     {"ldapsuffix", ps->ldapsuffix},
                     {"ldapbasedn", ps->ldapbasedn},
                     {"ldapbinddn", ps->ldapbinddn},
                     {"ldapbindpasswd", ps->ldapbindpasswd},
                     {"ldapsearchattribute", ps->ldapsearchattribute},
                     {"ldapsearchfilter", ps->ldapsearchfilter}};
        if (before[0].val)
            add_option(ps, xasprintf("%s=%s", before[0].name, before[0].val));
        if (ps->ldapport)
            add_option(ps, xasprintf("ldapport=%d", ps->ldapport));
        if (ps->ldapscheme)
            add_option(ps, xasprintf("ldapscheme=%s", ps->ldapscheme));
        if (ps->ldaptls)
            add_option(ps, xstrdup("ldaptls=true"));
        for (size_t idx = 0; idx < sizeof(after) / sizeof(after[0]); idx++)
            if (after[idx].val)
                add_option(ps, xasprintf("%s=%s", after[idx].name, after[idx].val));
        if (ps->ldapscope)
            add_option(ps, xasprintf("ldapscope=%d", ps->ldapscope));
    }
    if (r->auth == HBA_AUTH_RADIUS) {
        if (ps->radiusservers)
            add_option(ps, xasprintf("radiusservers=%s", ps->radiusservers));
        if (ps->radiussecrets)
            add_option(ps, xasprintf("radiussecrets=%s", ps->radiussecrets));
        if (ps->radiusidentifiers)
            add_option(ps, xasprintf("radiusidentifiers=%s", ps->radiusidentifiers));
        if (ps->radiusports)
            add_option(ps, xasprintf("radiusports=%s", ps->radiusports));
    }
    if (r->auth == HBA_AUTH_OAUTH) {
        if (ps->issuer)
            add_option(ps, xasprintf("issuer=%s", ps->issuer));
        if (ps->scope)
            add_option(ps, xasprintf("scope=%s", ps->scope));
        if (ps->validator)
            add_option(ps, xasprintf("validator=%s", ps->validator));
        if (ps->skip_usermap)
            add_option(ps, xstrdup("delegate_ident_mapping=true"));
    }
}

static void parse_free(Parse *ps)
{
    char **strings[] = {&ps->krb_realm,
                        &ps->pamservice,
                        &ps->ldapserver,
                        &ps->ldapscheme,
                        &ps->ldapprefix,
                        &ps->ldapsuffix,
                        &ps->ldapbasedn,
                        &ps->ldapbinddn,
                        &ps->ldapbindpasswd,
                        &ps->ldapsearchattribute,
                        &ps->ldapsearchfilter,
                        &ps->radiusservers,
                        &ps->radiussecrets,
                        &ps->radiusidentifiers,
                        &ps->radiusports,
                        &ps->issuer,
                        &ps->scope,
                        &ps->validator};
    for (size_t idx = 0; idx < sizeof(strings) / sizeof(strings[0]); idx++)
        free(*strings[idx]);
    free(ps->error);
}

/* parse_hba_line() up to the options; false as the server's NULL. */
static bool parse_fields(Parse *ps, const TokLine *tl)
{
    HbaRule *r = ps->r;
    size_t field = 0;
    if (!parse_conntype(ps, &tl->fields[0]))
        return false;
    if (++field >= tl->n_fields)
        return fail(ps, "end-of-line before database specification");
    if (!compile_tokens(ps, &tl->fields[field], &r->databases))
        return false;
    if (++field >= tl->n_fields)
        return fail(ps, "end-of-line before role specification");
    if (!compile_tokens(ps, &tl->fields[field], &r->users))
        return false;
    if (r->conntype != HBA_CT_LOCAL && !parse_address(ps, tl, &field))
        return false;
    if (++field >= tl->n_fields)
        return fail(ps, "end-of-line before authentication method");
    if (!parse_method(ps, &tl->fields[field]))
        return false;
    if (r->conntype == HBA_CT_LOCAL && r->auth == HBA_AUTH_IDENT)
        r->auth = HBA_AUTH_PEER;
    if (r->conntype == HBA_CT_LOCAL && r->auth == HBA_AUTH_GSS)
        return fail(ps, "gssapi authentication is not supported on local sockets");
    if (r->conntype != HBA_CT_LOCAL && r->auth == HBA_AUTH_PEER)
        return fail(ps, "peer authentication is only supported on local sockets");
    if (r->conntype != HBA_CT_HOSTSSL && r->auth == HBA_AUTH_CERT)
        return fail(ps, "cert authentication is only supported on hostssl connections");
    if (r->auth == HBA_AUTH_GSS || r->auth == HBA_AUTH_SSPI)
        ps->include_realm = true;
    while (++field < tl->n_fields) {
        const HbaTokens *toks = &tl->fields[field];
        for (size_t idx = 0; idx < toks->n; idx++) {
            const char *text = toks->items[idx].text;
            const char *eq = strchr(text, '=');
            if (!eq)
                return fail(ps, "authentication option not in name=value format: %s", text);
            char *name = xasprintf("%.*s", (int)(eq - text), text);
            bool ok = parse_option(ps, name, eq + 1);
            free(name);
            if (!ok)
                return false;
        }
    }
    return check_method_args(ps);
}

void hba_parse_line(Arena *a, const TokLine *tl, const HbaOpts *opts, HbaRule *r)
{
    r->file = tl->file; /* the lines live in the set's arena too */
    r->line = tl->line;
    r->column = tl->column;
    r->raw = tl->raw;
    r->prefix_len = -1;
    if (tl->error) {
        r->error = tl->error;
        r->rejects = true;
        return;
    }
    Parse ps = {.a = a, .opts = opts, .r = r};
    if (parse_fields(&ps, tl)) {
        r->parsed = true;
        r->method = hba_auth_name(r->auth);
        render_options(&ps);
    } else {
        /* the view shows no field of a line that failed */
        r->rejects = true;
        r->type = NULL;
        r->databases = r->users = (HbaTokens){0};
        r->address = r->netmask = r->hostname = NULL;
    }
    r->error = arena_strdup(a, ps.error);
    parse_free(&ps);
}

/* parse_ident_line(): MAP SYSTEM-USER PG-USER, each a single value. */
void hba_parse_ident_line(Arena *a, const TokLine *tl, const HbaOpts *opts, IdentMap *m)
{
    m->file = tl->file;
    m->line = tl->line;
    m->column = tl->column;
    m->raw = tl->raw;
    if (tl->error) {
        m->error = tl->error;
        m->rejects = true;
        return;
    }
    const char *fields[3] = {0};
    const char *why = NULL;
    for (size_t idx = 0; idx < 3 && !why; idx++) {
        if (idx >= tl->n_fields)
            why = "missing entry at end of line";
        else if (tl->fields[idx].n > 1)
            why = "multiple values in ident field";
        else
            fields[idx] = tl->fields[idx].items[0].text;
    }
    if (!why && fields[1][0] == '/' && (why = hba_regex_error(fields[1] + 1)) != NULL)
        m->error = arena_printf(a, "invalid regular expression \"%s\": %s", fields[1] + 1, why);
    else if (!why && opts->major >= 16 && fields[2][0] == '/' &&
             (why = hba_regex_error(fields[2] + 1)) != NULL)
        m->error = arena_printf(a, "invalid regular expression \"%s\": %s", fields[2] + 1, why);
    else if (why)
        m->error = arena_strdup(a, why);
    if (why) {
        m->rejects = true;
        return;
    }
    m->parsed = true;
    m->map_name = arena_strdup(a, fields[0]);
    m->sys_name = arena_strdup(a, fields[1]);
    m->pg_username = arena_strdup(a, fields[2]);
}
