/* Starters and matchings: a second search for a base round (scripts/whist_match.py compiles and runs it).

   A base round is split in two choices. First the partnerships: a random starter, the free elements cut
   in pairs whose difference classes all differ (a random perfect matching of them repaired by local
   search). Then the tables: a perfect matching of those pairs (with infinity, the pair (inf, 0) is one
   of them) such that no opponent class is met more than twice, found by an exhaustive depth first
   search that always goes on with the pair that has the fewest tables left, or for a whist with an
   opponent class that needs every table it has left (pruned when a class has too few);
   a try gives up after node_limit nodes, then a new starter. For a whist the counts then are exactly
   one and two (the totals leave no room).

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

/* a random starter on freeel (pairs with different partner classes) into pa, pb from index off: a random
   perfect matching of the free elements repaired by local search (a pair of a class used twice swaps
   partners with the other pair that helps most; ties, and now and then any pair, at random) */
static int usage[MAXG];

static int excess(int c) { return usage[c] > 1 ? usage[c] - 1 : 0; }

/* pairs p, q swap partners (way 0: the second elements, way 1: p's second with q's first; doing it
   twice undoes it); the change of the total excess */
static int recombine(int p, int q, int way) {
    int d = 0, t;
    d -= usage[cls[pa[p]][pb[p]]]-- > 1;
    d -= usage[cls[pa[q]][pb[q]]]-- > 1;
    if (way) { t = pb[p]; pb[p] = pa[q]; pa[q] = t; }
    else { t = pb[p]; pb[p] = pb[q]; pb[q] = t; }
    d += usage[cls[pa[p]][pb[p]]]++ >= 1;
    d += usage[cls[pa[q]][pb[q]]]++ >= 1;
    return d;
}

static int random_starter(int off) {
    int k = nfree / 2, order[MAXG];
    for (int i = 0; i < nfree; i++) order[i] = freeel[i];
    for (int i = nfree - 1; i > 0; i--) { int j = next_rand() % (i + 1), t = order[i]; order[i] = order[j]; order[j] = t; }
    memset(usage, 0, sizeof usage);
    int bad = 0;
    for (int i = 0; i < k; i++) {
        pa[off + i] = order[2 * i];
        pb[off + i] = order[2 * i + 1];
        usage[cls[order[2 * i]][order[2 * i + 1]]]++;
    }
    for (int c = 0; c < ncls; c++) bad += excess(c);
    for (long long it = 0; bad > 0 && it < 200000; it++) {
        int conflicts[MAXG] = {0}, nc = 0;
        for (int i = 0; i < k; i++) if (usage[cls[pa[off + i]][pb[off + i]]] > 1) conflicts[nc++] = off + i;
        int p = conflicts[next_rand() % nc], pick_q = -1, pick_w = 0, pick_d = 1 << 30, ties = 0;
        for (int q = off; q < off + k; q++) {
            if (q == p) continue;
            for (int w = 0; w < 2; w++) {
                int d = recombine(p, q, w);
                recombine(p, q, w);
                if (next_rand() % 16 == 0) d -= 2;  /* noise */
                if (d < pick_d) { pick_d = d; pick_q = q; pick_w = w; ties = 1; }
                else if (d == pick_d && next_rand() % ++ties == 0) { pick_q = q; pick_w = w; }
            }
        }
        bad += recombine(p, pick_q, pick_w);
    }
    return bad == 0;
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

static int exact; /* a whist: every opponent class must be met exactly twice */

static void shuffle(int *a, int n) {
    for (int i = n - 1; i > 0; i--) { int j = next_rand() % (i + 1), t = a[i]; a[i] = a[j]; a[j] = t; }
}

/* one more table; the next either for the pair with the fewest tables left or, for a whist, for an
   opponent class that needs all the tables it has left (pruned when one has too few) */
static int match_step(int left) {
    if (left == 0) return 1;
    if (++nodes > node_limit) return 0;
    int options[MAXG] = {0}, supply[MAXG] = {0};
    for (int u = 0; u < npairs; u++) {
        if (mate[u] >= 0) continue;
        for (int v = u + 1; v < npairs; v++) {
            if (mate[v] >= 0 || !feasible(u, v)) continue;
            options[u]++;
            options[v]++;
            if (exact)
                for (int k = 0; k < nopp[u][v]; k++) supply[opp[u][v][k]]++;
        }
    }
    int best_u = -1, best_n = 1 << 30, best_c = -1;
    for (int u = 0; u < npairs; u++) {
        if (mate[u] >= 0) continue;
        if (options[u] == 0) return 0;
        if (options[u] < best_n) { best_n = options[u]; best_u = u; }
    }
    if (exact)
        for (int c = 0; c < ncls; c++) {
            if (met[c] >= 2) continue;
            if (supply[c] < 2 - met[c]) return 0;
            if (supply[c] == 2 - met[c] && supply[c] < best_n) { best_n = supply[c]; best_c = c; }
        }
    int cu[MAXG * MAXG / 2], cv[MAXG * MAXG / 2], ncand = 0;
    if (best_c < 0) {
        for (int v = 0; v < npairs; v++)
            if (v != best_u && mate[v] < 0 && feasible(best_u, v)) { cu[ncand] = best_u; cv[ncand++] = v; }
    } else {
        for (int u = 0; u < npairs; u++) {
            if (mate[u] >= 0) continue;
            for (int v = u + 1; v < npairs; v++) {
                if (mate[v] >= 0 || !feasible(u, v)) continue;
                int has = 0;
                for (int k = 0; k < nopp[u][v]; k++) has |= opp[u][v][k] == best_c;
                if (has) { cu[ncand] = u; cv[ncand++] = v; }
            }
        }
    }
    int order[MAXG * MAXG / 2];
    for (int i = 0; i < ncand; i++) order[i] = i;
    shuffle(order, ncand);
    for (int i = 0; i < ncand; i++) {
        int u = cu[order[i]], v = cv[order[i]];
        for (int k = 0; k < nopp[u][v]; k++) met[opp[u][v][k]]++;
        mate[u] = v;
        mate[v] = u;
        if (match_step(left - 2)) return 1;
        mate[u] = mate[v] = -1;
        for (int k = 0; k < nopp[u][v]; k++) met[opp[u][v][k]]--;
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

    exact = 2 * (nfree / 2 + infinity) - 2 * infinity == 2 * ncls;
    double started = now();
    long long starters = 0, total = 0;
    while (now() - started < seconds) {
        int off = infinity;
        if (!random_starter(off)) continue;
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
            fprintf(stderr, "%lld starters, %lld nodes, %.1f s (%.1f s of CPU)\n", starters, total, now() - started,
                    (double)clock() / CLOCKS_PER_SEC);
            printf("found\n");
            for (int u = 0; u < npairs; u++)
                if (mate[u] > u) printf("%d %d %d %d\n", pa[u], pb[u], pa[mate[u]], pb[mate[u]]);
            return 0;
        }
    }
    fprintf(stderr, "%lld starters, %lld nodes, %.1f s (%.1f s of CPU)\n", starters, total, now() - started,
                    (double)clock() / CLOCKS_PER_SEC);
    printf("none\n");
    return 0;
}
