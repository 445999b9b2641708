/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The fuzz harness without libFuzzer: runs fuzz_provider.c's target once on
 * each file named on the command line, as libFuzzer does when given files.
 * Built with the tests (any compiler, no sanitizer needed), so the seed
 * corpus runs against every OpenSSL release the test command covers
 * (scripts/test-releases.sh). A finding aborts, as under libFuzzer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    static uint8_t buf[1 << 20];

    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        size_t n;

        if (f == NULL) {
            perror(argv[i]);
            return 2;
        }
        n = fread(buf, 1, sizeof(buf), f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
    }
    printf("fuzz_replay: %d inputs, no finding\n", argc - 1);
    return 0;
}
