/* The compiled baselines of `make bench`: the same algorithms as two references, in C.
 *
 *   baseline rolling_dp RUNS < row    the O(n^2) score-difference DP in one rolling row
 *   baseline reduction RUNS < row     the O(n) peak-merging reduction (T. Idziaszek)
 *
 * The row comes on stdin as native int64 values. Each of RUNS runs is timed in CPU
 * time (CLOCK_PROCESS_CPUTIME_ID); the output is one line: the difference, then the
 * seconds of every run. Values must keep every interval's difference within int64
 * (the benchmark's coins, 1..1000, do). Exit status 2 on bad use.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* D[i][j] = max(a[i] - D[i+1][j], a[j] - D[i][j-1]) for i from n-1 down to 0;
 * d[j] holds D[i+1][j] before it is overwritten with D[i][j]. */
static int64_t rolling_dp(const int64_t *a, size_t n, int64_t *d) {
    if (n == 0) return 0;
    for (size_t i = n; i-- > 0;) {
        d[i] = a[i];
        for (size_t j = i + 1; j < n; j++) {
            int64_t left = a[i] - d[j], right = a[j] - d[j - 1];
            d[j] = left > right ? left : right;
        }
    }
    return d[n - 1];
}

/* Merge every peak x <= y >= z into x - y + z with a stack, then take the larger
 * end of the reduced row (it falls then rises) turn by turn. */
static int64_t reduction(const int64_t *a, size_t n, int64_t *stack) {
    size_t top = 0;
    for (size_t k = 0; k < n; k++) {
        int64_t z = a[k];
        while (top >= 2 && stack[top - 1] >= z && stack[top - 1] >= stack[top - 2]) {
            z = stack[top - 2] - stack[top - 1] + z;
            top -= 2;
        }
        stack[top++] = z;
    }
    int64_t difference = 0, sign = 1;
    for (size_t i = 0, j = top; i < j; sign = -sign) {
        difference += sign * (stack[i] >= stack[j - 1] ? stack[i++] : stack[--j]);
    }
    return difference;
}

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int64_t (*algorithm)(const int64_t *, size_t, int64_t *) = NULL;
    if (argc == 3 && strcmp(argv[1], "rolling_dp") == 0) algorithm = rolling_dp;
    if (argc == 3 && strcmp(argv[1], "reduction") == 0) algorithm = reduction;
    int runs = argc == 3 ? atoi(argv[2]) : 0;
    if (algorithm == NULL || runs < 1) {
        fprintf(stderr, "usage: baseline rolling_dp|reduction RUNS < row (native int64)\n");
        return 2;
    }
    size_t size = 0, capacity = 1 << 16;
    int64_t *row = malloc(capacity * sizeof *row);
    for (size_t got; row != NULL && (got = fread(row + size, sizeof *row, capacity - size, stdin)) > 0;) {
        size += got;
        if (size == capacity) row = realloc(row, (capacity *= 2) * sizeof *row);
    }
    int64_t *work = malloc((size + 1) * sizeof *work);
    if (row == NULL || work == NULL) {
        fprintf(stderr, "baseline: out of memory\n");
        return 2;
    }
    int64_t difference = 0;
    double *seconds = malloc((size_t)runs * sizeof *seconds);
    for (int run = 0; run < runs; run++) {
        double start = cpu_seconds();
        difference = algorithm(row, size, work);
        seconds[run] = cpu_seconds() - start;
    }
    printf("%lld", (long long)difference);
    for (int run = 0; run < runs; run++) printf(" %.9f", seconds[run]);
    printf("\n");
    return 0;
}
