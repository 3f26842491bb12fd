/* libFuzzer target: the HCL reader (input/hcl.c) and the Terraform mapping (input/terraform.c:
 * blocks, dynamic blocks, locals and variables, terraform show -json) on arbitrary bytes. Seeds:
 */
// fuzz-seeds: tests/input/fixtures/terraform/*/*.tf tests/input/fixtures/terraform/*/*.tfvars
// tests/input/fixtures/terraform/*.json
#include <stddef.h>
#include <stdint.h>

#include "input/hcl.h"
#include "input/input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Arena *arena = arena_new();
    HclBody body;
    HclError err;
    if (!hcl_parse_body(arena, (const char *)data, size, &body, &err) &&
        (err.line < 1 || err.column < 1))
        __builtin_trap();
    HclValue value;
    (void)hcl_parse_value(arena, (const char *)data, size, &value, &err);
    arena_free(arena);
    InputOpts opts = {
        .format = INPUT_TERRAFORM, .instance_memory = 17179869184.0, .instance_vcpus = 4};
    InputResult res = {0};
    PkDiag diag = PK_DIAG_INIT;
    (void)input_load_buffer("fuzz.tf", (const char *)data, size, &opts, &res, &diag);
    for (size_t doc = 0; doc < res.n_docs; doc++)
        for (size_t ent = 0; ent < res.docs[doc].set.n_entries; ent++)
            if (res.docs[doc].set.entries[ent].line < 1)
                __builtin_trap();
    input_result_free(&res);
    pk_diag_free(&diag);
    return 0;
}
