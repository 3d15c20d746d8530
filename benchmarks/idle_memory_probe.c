/*
 * How slow is memory to touch again after it sat idle? A recorder's stop runs code and reads data that were last
 * touched minutes earlier (at launch, or when the take's first fragments were written); on a virtual machine whose
 * host reclaims idle guest memory, touching it again costs more the longer it sat, with no page fault the guest
 * sees. This probe measures that cost on its own, with nothing of the package in it:
 *
 *   cc -O2 -o /tmp/idle-memory-probe benchmarks/idle_memory_probe.c
 *   /tmp/idle-memory-probe 10 FILE & /tmp/idle-memory-probe 300 OTHER_FILE &
 *
 * It fills 32 MiB of its own memory and maps FILE (read once), touches one byte a page of each, sleeps SECONDS,
 * then times touching them again and counts the page faults the kernel saw meanwhile (use a different file for
 * each probe, so one does not warm the other's pages).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

static long faults(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt + usage.ru_majflt;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s SECONDS FILE\n", argv[0]);
        return 2;
    }
    int seconds = atoi(argv[1]);
    size_t anonymousSize = (size_t)32 << 20;
    char *anonymous = malloc(anonymousSize);
    int file = open(argv[2], O_RDONLY);
    if (!anonymous || file < 0) {
        fprintf(stderr, "%s: cannot allocate, or cannot open %s\n", argv[0], argv[2]);
        return 1;
    }
    size_t fileSize = (size_t)lseek(file, 0, SEEK_END);
    volatile char *mapped = mmap(NULL, fileSize, PROT_READ, MAP_PRIVATE, file, 0);
    if (mapped == MAP_FAILED) {
        fprintf(stderr, "%s: cannot map %s\n", argv[0], argv[2]);
        return 1;
    }
    memset(anonymous, 1, anonymousSize);
    volatile long sum = 0;
    for (size_t at = 0; at < fileSize; at += 4096) sum += mapped[at];

    sleep((unsigned)seconds);
    long faultsBefore = faults();
    double start = milliseconds();
    for (size_t at = 0; at < anonymousSize; at += 4096) anonymous[at]++;
    double afterAnonymous = milliseconds();
    for (size_t at = 0; at < fileSize; at += 4096) sum += mapped[at];
    double end = milliseconds();
    printf("after %d s idle: 32 MiB of heap %.2f ms, %zu KiB of mapped file %.2f ms, page faults %ld\n", seconds,
           afterAnonymous - start, fileSize >> 10, end - afterAnonymous, faults() - faultsBefore);
    return 0;
}
