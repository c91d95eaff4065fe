/* replay_main.c — runs a fuzz target once on each input named (files, or folders of files)
 * without libFuzzer: how ctest replays the seed corpora and the regression inputs in every
 * build, and how a finding is reproduced with gcc. With libFuzzer (-DJS_FUZZ=ON) the target's
 * own binary does the same when given files. */
#define _XOPEN_SOURCE 700
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return -1;
    }
    size_t cap = 4096, n = 0, got;
    unsigned char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "%s: out of memory\n", path);
        return -1;
    }
    fprintf(stderr, "running %s (%zu bytes)\n", path, n);
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 1;
}

static int only_files(const struct dirent *e) { return e->d_name[0] != '.'; }

int main(int argc, char **argv)
{
    LLVMFuzzerInitialize(&argc, &argv);
    int ran = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "%s: no such file or folder\n", argv[i]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (run_file(argv[i]) < 0)
                return 1;
            ran++;
            continue;
        }
        struct dirent **list;
        int n = scandir(argv[i], &list, only_files, alphasort);
        if (n < 0) {
            fprintf(stderr, "%s: cannot list the folder\n", argv[i]);
            return 1;
        }
        for (int k = 0; k < n; k++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], list[k]->d_name);
            if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                if (run_file(path) < 0)
                    return 1;
                ran++;
            }
            free(list[k]);
        }
        free(list);
    }
    printf("%s: %d input(s), no finding\n", argv[0], ran);
    return 0;
}
