/* Starters and matchings: a second search for a base round (scripts/whist_match.py compiles and runs it).

   A base round is split in two choices. First the partnerships: a random starter, the free elements cut
   in pairs whose difference classes all differ (found depth first in random order). Then the tables:
   a perfect matching of those pairs (with infinity, the pair (inf, 0) is one of them) such that no
   opponent class is met more than twice, found by an exhaustive depth first search that always goes on
   with the pair that has the fewest tables left (a try gives up after node_limit nodes; then a new
   starter). For a whist the counts then are exactly one and two (the totals leave no room).

   Input (stdin): g nclasses infinity nsit sit_1 .. sit_nsit seconds seed node_limit, then the g * g
   class numbers, row a, column b: the class of a - b and b - a (-1 on the diagonal).
   Output: "found" and the seats' elements table by table (-1 for inf), or "none". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXG 128
#define INF (-1)

static int g, ncls, infinity;
static int cls[MAXG][MAXG];
static int freeel[MAXG], nfree;
static int pa[MAXG], pb[MAXG], npairs;          /* the pairs of the starter (pair 0 = (inf, 0)) */
static int opp[MAXG][MAXG][4], nopp[MAXG][MAXG]; /* the opponent classes of the table of pairs u, v */
static int met[MAXG], mate[MAXG];
static long long nodes, node_limit;
static unsigned long long rng_state;

static unsigned long long next_rand(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* a random starter on freeel: pairs with different partner classes */
static int used_cls[MAXG], taken[MAXG];
static long long snodes;

static int starter_step(int k) {
    if (++snodes > 100000) return 0;
    int first = -1;
    for (int a = 0; a < nfree; a++) if (!taken[a]) { first = a; break; }
    if (first < 0) return 1;
    int order[MAXG], n = 0;
    for (int b = 0; b < nfree; b++) if (!taken[b] && b != first) order[n++] = b;
    for (int i = n - 1; i > 0; i--) { int j = next_rand() % (i + 1), t = order[i]; order[i] = order[j]; order[j] = t; }
    taken[first] = 1;
    for (int i = 0; i < n; i++) {
        int b = order[i], c = cls[freeel[first]][freeel[b]];
        if (used_cls[c]) continue;
        used_cls[c] = 1;
        taken[b] = 1;
        pa[k] = freeel[first];
        pb[k] = freeel[b];
        if (starter_step(k + 1)) return 1;
        taken[b] = 0;
        used_cls[c] = 0;
    }
    taken[first] = 0;
    return 0;
}

static int feasible(int u, int v) {
    const int *c = opp[u][v];
    for (int k = 0; k < nopp[u][v]; k++) {
        int same = 1;
        for (int j = 0; j < k; j++) same += c[j] == c[k];
        if (met[c[k]] + same > 2) return 0;
    }
    return 1;
}

static int match_step(int left) {
    if (left == 0) return 1;
    if (++nodes > node_limit) return 0;
    int best_u = -1, best_n = 1 << 30, cand[MAXG], ncand = 0;
    for (int u = 0; u < npairs; u++) {
        if (mate[u] >= 0) continue;
        int n = 0;
        for (int v = 0; v < npairs; v++)
            if (v != u && mate[v] < 0 && feasible(u, v)) n++;
        if (n == 0) return 0;
        if (n < best_n) { best_n = n; best_u = u; }
    }
    for (int v = 0; v < npairs; v++)
        if (v != best_u && mate[v] < 0 && feasible(best_u, v)) cand[ncand++] = v;
    for (int i = ncand - 1; i > 0; i--) { int j = next_rand() % (i + 1), t = cand[i]; cand[i] = cand[j]; cand[j] = t; }
    for (int i = 0; i < ncand; i++) {
        int v = cand[i];
        for (int k = 0; k < nopp[best_u][v]; k++) met[opp[best_u][v][k]]++;
        mate[best_u] = v;
        mate[v] = best_u;
        if (match_step(left - 2)) return 1;
        mate[best_u] = mate[v] = -1;
        for (int k = 0; k < nopp[best_u][v]; k++) met[opp[best_u][v][k]]--;
        if (nodes > node_limit) return 0;
    }
    return 0;
}

int main(void) {
    int nsit, sit[MAXG], seed;
    double seconds;
    if (scanf("%d %d %d %d", &g, &ncls, &infinity, &nsit) != 4 || g > MAXG || g < 2) return 2;
    for (int k = 0; k < nsit; k++) if (scanf("%d", &sit[k]) != 1) return 2;
    if (scanf("%lf %d %lld", &seconds, &seed, &node_limit) != 3) return 2;
    for (int a = 0; a < g; a++)
        for (int b = 0; b < g; b++)
            if (scanf("%d", &cls[a][b]) != 1) return 2;
    rng_state = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)seed * 0x2545F4914F6CDD1DULL;
    if (!rng_state) rng_state = 1;
    int skip[MAXG] = {0};
    for (int k = 0; k < nsit; k++) skip[sit[k]] = 1;
    if (infinity) skip[0] = 1;
    for (int e = 0; e < g; e++) if (!skip[e]) freeel[nfree++] = e;
    if (nfree % 2 || (nfree + 2 * infinity) % 4) { fprintf(stderr, "no number of tables\n"); return 2; }

    double started = now();
    long long starters = 0, total = 0;
    while (now() - started < seconds) {
        int off = infinity;
        memset(used_cls, 0, sizeof used_cls);
        memset(taken, 0, sizeof taken);
        snodes = 0;
        if (!starter_step(off)) continue;
        starters++;
        npairs = nfree / 2 + off;
        if (infinity) { pa[0] = INF; pb[0] = 0; }
        for (int u = 0; u < npairs; u++)
            for (int v = 0; v < npairs; v++) {
                int n = 0;
                if (u != v) {
                    int xs[2] = {pa[u], pb[u]}, ys[2] = {pa[v], pb[v]};
                    for (int x = 0; x < 2; x++)
                        for (int y = 0; y < 2; y++)
                            if (xs[x] != INF && ys[y] != INF) opp[u][v][n++] = cls[xs[x]][ys[y]];
                }
                nopp[u][v] = n;
            }
        memset(met, 0, sizeof met);
        for (int u = 0; u < npairs; u++) mate[u] = -1;
        nodes = 0;
        int found = match_step(npairs);
        total += nodes;
        if (found) {
            fprintf(stderr, "%lld starters, %lld nodes, %.1f s\n", starters, total, now() - started);
            printf("found\n");
            for (int u = 0; u < npairs; u++)
                if (mate[u] > u) printf("%d %d %d %d\n", pa[u], pb[u], pa[mate[u]], pb[mate[u]]);
            return 0;
        }
    }
    fprintf(stderr, "%lld starters, %lld nodes, %.1f s\n", starters, total, now() - started);
    printf("none\n");
    return 0;
}
