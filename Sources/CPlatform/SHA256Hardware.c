#include "CPlatform.h"

#if defined(__x86_64__) || defined(__i386__)

#include <cpuid.h>
#include <immintrin.h>

int moonshot_sha256_hardware_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}

__attribute__((target("sha,sse4.1,ssse3")))
void moonshot_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t count) {
    // The instructions keep the eight words in two registers, (A, B, E, F) and (C, D, G, H),
    // A and C in the highest lane. The comments list lanes lowest first.
    __m128i first = _mm_loadu_si128((const __m128i *)&state[0]);   // A B C D
    __m128i second = _mm_loadu_si128((const __m128i *)&state[4]);  // E F G H
    first = _mm_shuffle_epi32(first, 0xB1);                         // B A D C
    second = _mm_shuffle_epi32(second, 0x1B);                       // H G F E
    __m128i abef = _mm_alignr_epi8(first, second, 8);               // F E B A
    __m128i cdgh = _mm_blend_epi16(second, first, 0xF0);            // H G D C
    // Message words are big-endian.
    const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);

    for (size_t block = 0; block < count; block++) {
        const uint8_t *data = blocks + 64 * block;
        __m128i savedABEF = abef, savedCDGH = cdgh;
        __m128i words[4];  // the last sixteen message words, four to a register
        for (int group = 0; group < 16; group++) {
            __m128i next;
            if (group < 4) {
                next = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), byteSwap);
            } else {
                // W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16], four words at a time.
                __m128i w16 = words[group % 4], w12 = words[(group + 1) % 4];
                __m128i w8 = words[(group + 2) % 4], w4 = words[(group + 3) % 4];
                next = _mm_add_epi32(_mm_sha256msg1_epu32(w16, w12), _mm_alignr_epi8(w4, w8, 4));
                next = _mm_sha256msg2_epu32(next, w4);
            }
            words[group % 4] = next;
            __m128i sums = _mm_add_epi32(next, _mm_loadu_si128((const __m128i *)&moonshot_sha256_round_constants[4 * group]));
            // Two rounds take the low two sums, and leave (A, B, E, F) two rounds on while the
            // old (A, B, E, F) becomes (C, D, G, H); two more rounds take the high two.
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, sums);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(sums, 0x0E));
        }
        abef = _mm_add_epi32(abef, savedABEF);
        cdgh = _mm_add_epi32(cdgh, savedCDGH);
    }

    first = _mm_shuffle_epi32(abef, 0x1B);                                  // A B E F
    second = _mm_shuffle_epi32(cdgh, 0xB1);                                 // G H C D
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(first, second, 0xF0));  // A B C D
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(second, first, 8));     // E F G H
}

#else

int moonshot_sha256_hardware_available(void) { return 0; }

void moonshot_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t count) {
    (void)state; (void)blocks; (void)count;
    __builtin_trap();  // never called: the hardware is not available here
}

#endif
