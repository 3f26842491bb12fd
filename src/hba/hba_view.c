/* The other way round: a live pg_hba_file_rules row turned back into an HbaRule, so that the
 * semantics rules run on what a server reads (pgknob audit) as on the files (pgknob lint). */
#include <arpa/inet.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "common/xalloc.h"
#include "hba/hba.intern.h"

static bool parse_type(const char *type, HbaConnType *out)
{
    static const char *const names[] = {
        [HBA_CT_LOCAL] = "local",        [HBA_CT_HOST] = "host",
        [HBA_CT_HOSTSSL] = "hostssl",    [HBA_CT_HOSTNOSSL] = "hostnossl",
        [HBA_CT_HOSTGSS] = "hostgssenc", [HBA_CT_HOSTNOGSS] = "hostnogssenc"};
    for (size_t idx = 0; idx < sizeof(names) / sizeof(names[0]); idx++)
        if (!strcmp(type, names[idx])) {
            *out = (HbaConnType)idx;
            return true;
        }
    return false;
}

static bool parse_auth(const char *method, HbaAuth *out)
{
    for (int auth = HBA_AUTH_REJECT; auth <= HBA_AUTH_OAUTH; auth++)
        if (!strcmp(method, hba_auth_name((HbaAuth)auth))) {
            *out = (HbaAuth)auth;
            return true;
        }
    return false;
}

static bool numeric(const char *text, int family, unsigned char *bytes)
{
    return text && inet_pton(family, text, bytes) == 1;
}

static void parse_address(Arena *a, HbaRule *r, const char *address, const char *netmask)
{
    if (!address)
        return;
    if (!strcmp(address, "all") || !strcmp(address, "samehost") || !strcmp(address, "samenet")) {
        r->addr_kind = address[0] == 'a'   ? HBA_ADDR_ALL
                       : address[4] == 'h' ? HBA_ADDR_SAMEHOST
                                           : HBA_ADDR_SAMENET;
        return;
    }
    int family = strchr(address, ':') ? AF_INET6 : AF_INET;
    if (!numeric(address, family, r->addr) || !numeric(netmask, family, r->mask)) {
        r->addr_kind = HBA_ADDR_HOSTNAME;
        r->hostname = arena_strdup(a, address);
        return;
    }
    r->addr_kind = HBA_ADDR_MASK;
    r->family = family;
    size_t n = family == AF_INET ? 4 : 16;
    int prefix = 0;
    bool zero = false;
    for (size_t bit = 0; bit < n * 8; bit++) {
        bool set = r->mask[bit / 8] & (0x80 >> (bit % 8));
        if (set && zero) {
            prefix = -1;
            break;
        }
        prefix += set;
        zero = zero || !set;
    }
    r->prefix_len = prefix;
}

void hba_set_add_view_row(HbaSet *set, const HbaViewRow *row)
{
    Arena *a = arena_get(&set->arena);
    set->rules = arena_realloc(a, set->rules, set->n_rules * sizeof(HbaRule),
                               (set->n_rules + 1) * sizeof(HbaRule));
    HbaRule *r = &set->rules[set->n_rules++];
    r->file = arena_strdup(a, row->file ? row->file : set->hba.path);
    r->line = row->line;
    r->prefix_len = -1;
    r->error = arena_strdup(a, row->error);
    HbaConnType type;
    HbaAuth auth;
    if (!row->type || !row->method || !parse_type(row->type, &type) ||
        !parse_auth(row->method, &auth)) {
        r->rejects = !row->type;
        return;
    }
    r->parsed = true;
    r->conntype = type;
    static const char *const type_names[] = {"local",     "host",       "hostssl",
                                             "hostnossl", "hostgssenc", "hostnogssenc"};
    r->type = type_names[type];
    r->auth = auth;
    r->method = hba_auth_name(auth);
    for (size_t idx = 0; idx < row->n_databases; idx++)
        hba_tokens_add(a, &r->databases, row->databases[idx], false);
    for (size_t idx = 0; idx < row->n_users; idx++)
        hba_tokens_add(a, &r->users, row->users[idx], false);
    r->address = arena_strdup(a, row->address);
    r->netmask = arena_strdup(a, row->netmask);
    parse_address(a, r, row->address, row->netmask);
    r->options = arena_array(a, row->n_options ? row->n_options : 1, sizeof(char *));
    for (size_t idx = 0; idx < row->n_options; idx++) {
        const char *opt = row->options[idx];
        r->options[r->n_options++] = arena_strdup(a, opt);
        if (!strncmp(opt, "map=", 4))
            r->map = arena_strdup(a, opt + 4);
        else if (!strcmp(opt, "clientcert=verify-ca"))
            r->clientcert = HBA_CC_CA;
        else if (!strcmp(opt, "clientcert=verify-full"))
            r->clientcert = HBA_CC_FULL;
    }
}
