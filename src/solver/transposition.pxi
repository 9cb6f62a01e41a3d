# The transposition table: bounds found at trick starts, for every position that agrees on the ranks that
# decided them (DDS's TransTable).
#
# The key's shape (each hand's suit lengths, the leader, the context) picks a slot by open
# addressing; the slot's entries each hold, per suit, who holds each present card from the top
# down to the lowest card that mattered; beside each entry, in an array of its own, its tag (the owners of
# its top four cards of each suit, and its lower and upper bounds) is what the lookup walks. The card owners at
# each trick start are kept as the tricks complete (the seqs) and made only where the table is
# probed. The slots in use are a prefix that doubles as it fills; another deal starts it empty. A full
# table keeps its deepest shapes (tt_keep_deep) rather than starting empty. A table (struct Table) is an
# engine's own or shared by engines searching it at once (see Engine and TransTable): a shared one's stores
# take its spin lock and its lookups none (tt_lookup, a seqlock); with share_from, positions of few tricks
# left go to the engine's own table.
# A table that serves another layout of its deal sorts the suits in its keys (suit_order, sorts_suits).

cdef uint64_t owner_seq(State* st, int suit) noexcept nogil:
    """Who holds each present card of `suit`, top down, 3 bits a card (seat 0 writes zeros)."""
    cdef uint64_t rest = st.present & suit_bits(suit), sq = 0, h
    cdef int o, c
    for o in range(1, st.n):
        h = st.hands[o] & rest
        while h:
            c = pdd_ctz(h)
            h &= h - 1
            sq |= (<uint64_t>o) << (3 * pdd_popcount(rest & above(c)))
    return sq


cdef uint64_t trick_cards(State* st, int t) noexcept nogil:
    """The cards of the completed trick `t`."""
    cdef uint64_t out = 0
    cdef int i
    for i in range(st.n):
        out |= (<uint64_t>1) << st.tcards[t * MAX_SEATS + i]
    return out


cdef void drop_trick(State* st, int t, uint64_t cards, uint64_t present) noexcept nogil:
    """seqs[t + 1] from seqs[t]: without the `cards` of trick `t` (`present` at its start).

    The cards go lowest first, so that the cards above each one (its place from the top) are still present.
    """
    cdef uint64_t* seq = st.seqs[t + 1]
    cdef uint64_t low
    cdef int c, s
    memcpy(seq, st.seqs[t], 4 * sizeof(uint64_t))
    while cards:
        c = pdd_ctz(cards)
        cards &= cards - 1
        s = c >> 4
        low = seq_mask(pdd_popcount(present & above(c)))
        seq[s] = (seq[s] & low) | ((seq[s] >> 3) & ~low)


cdef inline void catch_up_seqs(State* st) noexcept nogil:
    """Make seqs[t] for every trick start t after seqs_upto up to this one (at a trick start)."""
    cdef uint64_t later = 0, cards
    cdef int t
    if st.seqs_upto == st.tno - 1 and st.ply > 0:
        # The last card played completed the trick before this one.
        cards = st.undo[st.ply - 1].trickbits
        drop_trick(st, st.tno - 1, cards, st.present | cards)
    else:
        for t in range(st.seqs_upto, st.tno):
            later |= trick_cards(st, t)
        for t in range(st.seqs_upto, st.tno):
            cards = trick_cards(st, t)
            drop_trick(st, t, cards, st.present | later)
            later &= ~cards
    st.seqs_upto = st.tno


cdef struct Probe:
    uint64_t shape0
    uint64_t shape1
    uint64_t seq[4]
    uint64_t present
    uint64_t hash
    # The key's suits: its suit i is the position's suit (perm4 >> 2 * i) & 3 (see suit_order).
    uint64_t perm4


cdef enum:
    # Probe.perm4 of the suits in their own places.
    SUITS_IN_PLACE = 0b11100100


cdef inline uint64_t suit_key(uint64_t lens0, uint64_t lens1, int suit) noexcept nogil:
    """A suit's place in the key's order: its length in each hand (seat 3's highest, seat 4's lowest), then the
    suit itself."""
    return (((lens0 >> (16 * suit)) & 0xFFFF) << 8) | (((lens1 >> (16 * suit)) & 15) << 2) | suit


cdef inline void sort_two(uint64_t* x, uint64_t* y) noexcept nogil:
    cdef uint64_t a = x[0], b = y[0]
    x[0] = a if a < b else b
    y[0] = b if a < b else a


cdef inline uint64_t seat_four(uint64_t lens1) noexcept nogil:
    """Seat 4's suit lengths (State.lens[1]) packed 4 bits a suit, as the shape holds them."""
    return (lens1 & 15) | ((lens1 >> 12) & 0xF0) | ((lens1 >> 24) & 0xF00) | ((lens1 >> 36) & 0xF000)


cdef void suit_order(State* st, Probe* pr) noexcept nogil:
    """The probe's shape, and its order of the suits (perm4), in a table that sorts the suits: by each suit's
    lengths in the hands (seat 3's first, then the suit's number), the trump suit last.

    Sound in every game: the engine knows no suit but the trump (Polskt pass's jacks are cards of the trump
    suit), so positions that differ by a relabelling of the other suits have one value, and a bound proven
    for an entry's pattern holds for its every relabelling. Everything of the key is in its order of the
    suits (the shape, the owners, each entry's depths, pattern and tag); only the ranks that an entry answers
    with are taken back to the position's suits (find_entry). Positions that differ by a relabelling so
    meet in one entry: over all the layouts of a problem they are many, in one deal's search few.
    """
    cdef uint64_t lens0 = st.lens[0], lens1 = st.lens[1]
    cdef uint64_t k0 = suit_key(lens0, lens1, 0), k1 = suit_key(lens0, lens1, 1)
    cdef uint64_t k2 = suit_key(lens0, lens1, 2), k3 = suit_key(lens0, lens1, 3)
    # Set in the trump suit's key, so that it sorts last.
    cdef uint64_t last = (<uint64_t>1) << 62
    if st.trump >= 0:
        if st.trump == 0:
            k0 |= last
        elif st.trump == 1:
            k1 |= last
        elif st.trump == 2:
            k2 |= last
        else:
            k3 |= last
    sort_two(&k0, &k1)
    sort_two(&k2, &k3)
    sort_two(&k0, &k2)
    sort_two(&k1, &k3)
    sort_two(&k1, &k2)
    pr.perm4 = (k0 & 3) | ((k1 & 3) << 2) | ((k2 & 3) << 4) | ((k3 & 3) << 6)
    pr.shape0 = (((k0 >> 8) & 0xFFFF) | (((k1 >> 8) & 0xFFFF) << 16) | (((k2 >> 8) & 0xFFFF) << 32)
                 | (((k3 >> 8) & 0xFFFF) << 48))
    # Marked, so that a sorted key never meets a key of suits in place (with trumps, sorting moves the trump
    # suit).
    pr.shape1 = (((k0 >> 2) & 15) | (((k1 >> 2) & 15) << 4) | (((k2 >> 2) & 15) << 8) | (((k3 >> 2) & 15) << 12)
                 | ((<uint64_t>1) << 47))


cdef inline uint64_t shape_hash(uint64_t shape0, uint64_t shape1) noexcept nogil:
    cdef uint64_t h = (shape0 ^ (shape1 * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL
    h ^= h >> 31
    h *= 0x94D049BB133111EBULL
    h ^= h >> 29
    return h


cdef inline Table* table_for(State* st, int left) noexcept nogil:
    """The table that keeps positions of `left` tricks left: the shared one, or for small ones the engine's own."""
    return st.near if left < st.share_from else st.tt


cdef inline void make_probe(State* st, Probe* pr) noexcept nogil:
    """The shape of the position at a trick start, and who holds each present card, top down."""
    cdef uint64_t present = present_cards(st)
    cdef uint64_t h
    cdef uint64_t* seqs
    cdef int seat
    cdef Table* tt = table_for(st, pdd_popcount(st.hands[st.lead]))
    pr.present = present
    if tt.sorted_suits:
        suit_order(st, pr)
    else:
        pr.perm4 = SUITS_IN_PLACE
        pr.shape0 = st.lens[0]
        pr.shape1 = seat_four(st.lens[1]) if st.lens[1] else 0
    pr.shape1 |= (st.ctx << 48) | ((<uint64_t>st.lead) << 16)
    if st.goal == G_WIN:
        for seat in range(st.n):
            pr.shape1 |= (<uint64_t>st.won[seat]) << (20 + 3 * seat)
        pr.shape1 |= (<uint64_t>(st.first2 + 1)) << 40
    h = shape_hash(pr.shape0, pr.shape1)
    pr.hash = h
    # The table slot is fetched while the card owners are read.
    pdd_prefetch(tt.slots + (h & (tt.nactive - 1)))
    if st.seqs_upto < st.tno:
        catch_up_seqs(st)
    seqs = st.seqs[st.tno]
    if pr.perm4 == SUITS_IN_PLACE:
        memcpy(pr.seq, seqs, sizeof(pr.seq))
    else:
        pr.seq[0] = seqs[pr.perm4 & 3]
        pr.seq[1] = seqs[(pr.perm4 >> 2) & 3]
        pr.seq[2] = seqs[(pr.perm4 >> 4) & 3]
        pr.seq[3] = seqs[pr.perm4 >> 6]


cdef inline uint64_t seq_mask(int k) noexcept nogil:
    return pdd_seq_masks[k]


cdef uint64_t top_cards(uint64_t present, uint8_t* k) noexcept nogil:
    """The top k[suit] present cards of every suit."""
    cdef uint64_t out = 0, rest, bit
    cdef int suit, i, low
    for suit in range(4):
        if not k[suit]:
            continue
        rest = present & suit_bits(suit)
        low = pdd_popcount(rest) - k[suit]
        if low < k[suit]:
            # Fewer cards below: drop those.
            for i in range(low):
                rest &= rest - 1
            out |= rest
        else:
            for i in range(k[suit]):
                bit = (<uint64_t>1) << pdd_top(rest)
                out |= bit
                rest ^= bit
    return out


cdef enum:
    # The end of a list of spare regions of the pool (Table.spare).
    NO_SPARE = 0xFFFFFFFF


cdef inline void forget_spares(Table* tt) noexcept nogil:
    """No spare regions: the pool is empty, or every shape kept was moved down to its start."""
    memset(tt.spare, 0xFF, sizeof(tt.spare))


cdef inline uint32_t room_for(uint32_t count) noexcept nogil:
    """The room of a shape's entries moved when full: the power of two above `count`, at least 4."""
    return 4 if count < 4 else (<uint32_t>2) << pdd_top(count)


cdef uint32_t pool_take(Table* tt, uint32_t room) noexcept nogil:
    """Where a shape's entries move to, with `room` (a power of two): a spare region of that room, else the
    pool's end; NO_SPARE if neither has room."""
    cdef int k = pdd_top(room)
    cdef uint32_t first = tt.spare[k]
    if first != NO_SPARE:
        tt.spare[k] = <uint32_t>tt.tags[first]
        return first
    if tt.pool_used + room > tt.npool:
        return NO_SPARE
    first = <uint32_t>tt.pool_used
    tt.pool_used += room
    return first


cdef inline void pool_give(Table* tt, uint32_t first, uint32_t room) noexcept nogil:
    """A region a shape moved away from becomes spare (its first tag links the next of its size class).

    A shared table's lookup that still walks it has read the shape it left, whose stripe the move changed,
    so the lookup throws what it read away (tt_lookup).
    """
    cdef int k
    # A new shape's room of 0, or a kept shape's of fewer entries than any room a move asks.
    if room < 4:
        return
    k = pdd_top(room)
    tt.tags[first] = tt.spare[k]
    tt.spare[k] = first


cdef void tt_clear(Table* tt) noexcept nogil:
    """Forget every entry (slots of an older epoch count as empty)."""
    tt.epoch += 1
    tt.slots_used = 0
    tt.pool_used = 0
    forget_spares(tt)


cdef inline int shape_depth(uint64_t shape0) noexcept nogil:
    """The cards in seat 0's hand at a shape's trick start (its suit lengths, 4 bits each, 16 bits a suit): the
    tricks left."""
    return ((shape0 & 15) + ((shape0 >> 16) & 15) + ((shape0 >> 32) & 15) + ((shape0 >> 48) & 15)) & 31


cdef int by_first(const void* a, const void* b) noexcept nogil:
    """qsort's order of slots by where their entries start in the pool."""
    cdef uint32_t x = (<Slot*>a).first, y = (<Slot*>b).first
    return (x > y) - (x < y)


cdef void tt_keep_deep(Table* tt) noexcept nogil:
    """Make room in a full table: keep the shapes with the most tricks left, in at most 3/4 of the pool and
    1/2 of the slots.

    The deeper a shape, the larger the search its entries save, and the fewer
    such shapes there are (keeping 3/4 of the pool searched 6% fewer nodes than
    keeping 1/2 on 80 deals of 11 cards a hand in an 8 MB table). The shapes
    kept, in their pool order, move their
    entries down to the start of the pool (each to room for its entries only)
    and take slots at a new epoch; every other shape is forgotten. Without
    room for the list of kept shapes, the whole table is cleared.
    """
    cdef uint64_t entries[32], shapes[32], kept_entries = 0, kept_shapes = 0, i, j, pos = 0, mask = tt.nactive - 1
    cdef int d, low = 32
    cdef Slot* kept
    cdef uint64_t count = 0
    memset(entries, 0, sizeof(entries))
    memset(shapes, 0, sizeof(shapes))
    for i in range(tt.nactive):
        if tt.slots[i].epoch == tt.epoch:
            d = shape_depth(tt.slots[i].shape0)
            entries[d] += tt.slots[i].count
            shapes[d] += 1
    while (low > 0 and kept_entries + entries[low - 1] <= 3 * (tt.npool // 4)
           and kept_shapes + shapes[low - 1] <= tt.nactive // 2):
        low -= 1
        kept_entries += entries[low]
        kept_shapes += shapes[low]
    kept = <Slot*>malloc(max(kept_shapes, 1) * sizeof(Slot))
    if kept == NULL or kept_shapes == 0:
        free(kept)
        tt_clear(tt)
        return
    for i in range(tt.nactive):
        if tt.slots[i].epoch == tt.epoch and shape_depth(tt.slots[i].shape0) >= low:
            kept[count] = tt.slots[i]
            count += 1
    qsort(kept, count, sizeof(Slot), by_first)
    tt.epoch += 1
    for i in range(count):
        memmove(tt.pool + pos, tt.pool + kept[i].first, kept[i].count * sizeof(Entry))
        memmove(tt.tags + pos, tt.tags + kept[i].first, kept[i].count * sizeof(uint64_t))
        kept[i].first = <uint32_t>pos
        kept[i].room = kept[i].count
        kept[i].epoch = tt.epoch
        pos += kept[i].count
        j = shape_hash(kept[i].shape0, kept[i].shape1) & mask
        while tt.slots[j].epoch == tt.epoch:
            j = (j + 1) & mask
        tt.slots[j] = kept[i]
    free(kept)
    tt.pool_used = pos
    tt.slots_used = count
    forget_spares(tt)


cdef Slot* find_slot(Table* tt, Probe* pr, int claim) noexcept nogil:
    """The table slot of the probe's shape; with `claim`, an empty one is taken for it.

    Open addressing with linear probing in the slots in use; NULL if the shape is
    absent (or, when claiming, if they are too full: the caller then grows or clears the table).
    """
    cdef uint64_t mask = tt.nactive - 1, i = pr.hash & mask
    cdef int step
    cdef Slot* sl
    for step in range(PROBE_LIMIT):
        sl = tt.slots + i
        if pdd_load_u32(&sl.epoch) != tt.epoch:
            if not claim or tt.slots_used * 4 > tt.nactive * 3:
                return NULL
            sl.shape0 = pr.shape0
            sl.shape1 = pr.shape1
            sl.first = 0
            sl.count = 0
            sl.room = 0
            # The epoch last: a lookup that sees it (reading it first) sees the shape (see tt_lookup).
            pdd_store_u32(&sl.epoch, tt.epoch)
            tt.slots_used += 1
            return sl
        if sl.shape0 == pr.shape0 and sl.shape1 == pr.shape1:
            return sl
        i = (i + 1) & mask
    return NULL


cdef void touch_slots(Table* tt, uint64_t start, uint64_t count) noexcept nogil:
    """Write to every memory page of slots[start:start + count], so that the kernel maps each page once.

    A page first read (a lookup) gets the shared zero page and faults again on the
    first write; the epoch written (0) marks the slot empty, as any old epoch does.
    """
    cdef uint64_t i = start
    while i < start + count:
        tt.slots[i].epoch = 0
        i += SLOTS_PAGE


cdef int tt_grow(Table* tt) noexcept nogil:
    """Double the slots in use, every shape moved to its slot in the larger prefix; 0 if all are in use.

    In place: the shapes are taken in slot order and put with linear probing at
    a new epoch, over empty slots or slots of the new epoch; one that meets a
    slot still to move takes it and moves that shape next. The shapes keep their
    entries in the pool.
    """
    cdef uint64_t n = tt.nactive, i, j, mask = 2 * n - 1
    cdef uint32_t old = tt.epoch, new = tt.epoch + 1
    cdef Slot moving, other
    if 2 * n > tt.nslots:
        return 0
    touch_slots(tt, n, n)
    for i in range(n):
        if tt.slots[i].epoch != old:
            continue
        moving = tt.slots[i]
        tt.slots[i].epoch = 0
        while True:
            j = shape_hash(moving.shape0, moving.shape1) & mask
            while tt.slots[j].epoch == new:
                j = (j + 1) & mask
            other = tt.slots[j]
            tt.slots[j] = moving
            tt.slots[j].epoch = new
            if other.epoch != old:
                break
            moving = other
    tt.epoch = new
    tt.nactive = 2 * n
    return 1


cdef inline uint64_t entry_pat(Entry* e, int suit) noexcept nogil:
    """The entry's pattern of `suit`: 48 bits (16 cards of 3 bits) in 6 bytes, read as 8 (the last suit's
    two more are the entry's k, masked off). 28 bytes an entry where 8-byte words took 36: the pool holds
    22% more entries in the same memory."""
    cdef uint64_t x
    memcpy(&x, e.pat + 6 * suit, 8)
    return x & <uint64_t>0xFFFFFFFFFFFF


cdef inline void set_entry_pat(Entry* e, int suit, uint64_t x) noexcept nogil:
    memcpy(e.pat + 6 * suit, &x, 6)


cdef inline int entry_matches(Entry* e, Probe* pr) noexcept nogil:
    return ((pr.seq[0] & seq_mask(e.k[0])) == entry_pat(e, 0)
            and (pr.seq[1] & seq_mask(e.k[1])) == entry_pat(e, 1)
            and (pr.seq[2] & seq_mask(e.k[2])) == entry_pat(e, 2)
            and (pr.seq[3] & seq_mask(e.k[3])) == entry_pat(e, 3))


cdef extern from *:
    """
    #define PDD_TAG_OWNER_BITS 0x6DBULL
    #define PDD_TAG_FIXED_BITS 0x924ULL
    #define PDD_TAG_WHOLE (1ULL << 55)
    """
    # In a suit's 12 bits of a tag (four cards, 3 bits each): the owners' low 2 bits, and the bit that marks
    # a card the entry fixes.
    const uint64_t TAG_OWNER_BITS "PDD_TAG_OWNER_BITS"
    const uint64_t TAG_FIXED_BITS "PDD_TAG_FIXED_BITS"
    # Set in a tag that holds its entry's whole pattern (see entry_tag): the top bit of the lower bound's byte.
    const uint64_t TAG_WHOLE "PDD_TAG_WHOLE"


cdef inline uint64_t top_owners(uint64_t* seq) noexcept nogil:
    """Who holds the top four cards of each suit, 3 bits a card (a seat's low 2 bits, the third 0), 12 bits a
    suit (the lookup's side of the tag test, see entry_tag)."""
    return ((seq[0] & TAG_OWNER_BITS) | ((seq[1] & TAG_OWNER_BITS) << 12) | ((seq[2] & TAG_OWNER_BITS) << 24)
            | ((seq[3] & TAG_OWNER_BITS) << 36))


cdef inline uint64_t entry_tag(uint64_t* pat, uint8_t* k, int seats, int lower, int upper) noexcept nogil:
    """An entry's tag: for each of the top four cards of each suit that it fixes, who holds it (a seat's low 2
    bits) and a third bit set (bits 0-47, 3 bits a card, 12 a suit), its lower and upper bounds (48-54,
    56-63), and TAG_WHOLE if that is its whole pattern (at most four cards fixed in every suit, in a play
    of at most four `seats`, whose owners fit in 2 bits).

    A position matches the entry only if its own top owners agree where the entry fixes them
    (pdd_tag_passes), so the lookup's walk reads the tags, 8 bytes an entry side by side, and only the few
    entries whose tags agree; a whole tag that agrees is the entry's match, read without the entry.
    """
    cdef uint64_t tag = 0, fixed, whole = TAG_WHOLE if seats <= 4 else 0
    cdef int suit
    for suit in range(4):
        fixed = seq_mask(min(<int>k[suit], 4))
        tag |= (((pat[suit] & TAG_OWNER_BITS) | TAG_FIXED_BITS) & fixed) << (12 * suit)
        if k[suit] > 4:
            whole = 0
    return tag | whole | (<uint64_t>lower << 48) | (<uint64_t>upper << 56)


cdef inline void tag_depths(uint64_t tag, uint8_t* k) noexcept nogil:
    """A whole tag's pattern depths (Entry.k): the cards it fixes in each suit."""
    cdef int suit
    for suit in range(4):
        k[suit] = pdd_popcount((tag >> (12 * suit)) & TAG_FIXED_BITS)


cdef inline int tag_lower(uint64_t tag) noexcept nogil:
    return <int>((tag >> 48) & 0x7F)


cdef inline int tag_upper(uint64_t tag) noexcept nogil:
    return <int>(tag >> 56)


# A shape's list is scanned several tags at a time from this many entries on (see find_entry).
cdef enum:
    LONG_LIST = 64


cdef extern from *:
    """
    #if defined(__x86_64__) && defined(__GNUC__)
    #include <immintrin.h>
    #endif
    #include <stdint.h>
    #include <stdlib.h>
    #include <string.h>
    /* The walk's test of a tag (entry_tag): its fixed top cards held as in `owners` (top_owners), and a bound
       that answers `target`. A card's fixed bit, moved down and doubled, covers the bits of its owner. */
    #define PDD_TAG_FIXED_LOW 0x249249249249ULL
    static inline int pdd_tag_passes(uint64_t w, uint64_t owners, uint64_t target) {
        uint64_t fixed = (w >> 2) & PDD_TAG_FIXED_LOW;
        return ((owners ^ w) & (fixed | (fixed << 1))) == 0
               && (((w >> 48) & 0x7F) >= target || (w >> 56) < target);
    }
    static inline long pdd_scan_plain(const uint64_t* tags, long n, uint64_t owners, uint64_t target) {
        while (n > 0) {
            if (pdd_tag_passes(tags[--n], owners, target))
                return n;
        }
        return -1;
    }
    #if defined(__x86_64__) && defined(__GNUC__)
    /* Eight tags at a time; a tag's owners test first (about 1% pass), its bounds only where that passes. */
    __attribute__((target("avx512f")))
    static long pdd_scan_avx512(const uint64_t* tags, long n, uint64_t owners, uint64_t target) {
        const __m512i own = _mm512_set1_epi64((long long)owners), low = _mm512_set1_epi64(PDD_TAG_FIXED_LOW);
        const __m512i goal = _mm512_set1_epi64((long long)target), low7 = _mm512_set1_epi64(0x7F);
        while (n >= 8) {
            __m512i w = _mm512_loadu_si512((const void*)(tags + n - 8));
            __m512i fixed = _mm512_and_si512(_mm512_srli_epi64(w, 2), low);
            __m512i off = _mm512_and_si512(_mm512_xor_si512(own, w),
                                           _mm512_or_si512(fixed, _mm512_slli_epi64(fixed, 1)));
            __mmask8 held = _mm512_testn_epi64_mask(off, off);
            if (held) {
                __m512i lower = _mm512_and_si512(_mm512_srli_epi64(w, 48), low7);
                unsigned ok = _mm512_mask_cmpge_epu64_mask(held, lower, goal)
                              | _mm512_mask_cmplt_epu64_mask(held, _mm512_srli_epi64(w, 56), goal);
                if (ok)
                    return n - 8 + (31 - __builtin_clz(ok));
            }
            n -= 8;
        }
        return pdd_scan_plain(tags, n, owners, target);
    }
    /* Four tags at a time (the bounds are below 256, so signed comparisons do). */
    __attribute__((target("avx2")))
    static long pdd_scan_avx2(const uint64_t* tags, long n, uint64_t owners, uint64_t target) {
        const __m256i own = _mm256_set1_epi64x((long long)owners), low = _mm256_set1_epi64x(PDD_TAG_FIXED_LOW);
        const __m256i goal = _mm256_set1_epi64x((long long)target), low7 = _mm256_set1_epi64x(0x7F);
        const __m256i zero = _mm256_setzero_si256();
        while (n >= 4) {
            __m256i w = _mm256_loadu_si256((const __m256i*)(tags + n - 4));
            __m256i fixed = _mm256_and_si256(_mm256_srli_epi64(w, 2), low);
            __m256i off = _mm256_and_si256(_mm256_xor_si256(own, w),
                                           _mm256_or_si256(fixed, _mm256_slli_epi64(fixed, 1)));
            __m256i held = _mm256_cmpeq_epi64(off, zero);
            if (!_mm256_testz_si256(held, held)) {
                __m256i below = _mm256_cmpgt_epi64(goal, _mm256_and_si256(_mm256_srli_epi64(w, 48), low7));
                __m256i under = _mm256_cmpgt_epi64(goal, _mm256_srli_epi64(w, 56));
                unsigned ok = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(
                    _mm256_and_si256(held, _mm256_or_si256(_mm256_xor_si256(below, _mm256_set1_epi64x(-1)),
                                                           under))));
                if (ok)
                    return n - 4 + (31 - __builtin_clz(ok));
            }
            n -= 4;
        }
        return pdd_scan_plain(tags, n, owners, target);
    }
    #endif
    typedef long (*pdd_scan_fn)(const uint64_t*, long, uint64_t, uint64_t);
    /* The scan for this processor, chosen at its first use (threads that race to it choose alike): the widest
       it has, or the one named by PREFDD_TAG_SCAN (plain, avx2, avx512; for tests and comparisons) if it has
       that. Every scan finds the same tags, so the search is the same to the node. */
    static pdd_scan_fn pdd_scan_chosen = 0;
    static pdd_scan_fn pdd_choose_scan(void) {
        const char* asked = getenv("PREFDD_TAG_SCAN");
        if (asked && !strcmp(asked, "plain")) return pdd_scan_plain;
    #if defined(__x86_64__) && defined(__GNUC__)
        __builtin_cpu_init();
        if (__builtin_cpu_supports("avx512f") && !(asked && !strcmp(asked, "avx2"))) return pdd_scan_avx512;
        if (__builtin_cpu_supports("avx2")) return pdd_scan_avx2;
    #endif
        return pdd_scan_plain;
    }
    /* The highest index below n of tags[0:n] that passes the walk's test, or -1. */
    static inline long pdd_scan_tags(const uint64_t* tags, long n, uint64_t owners, uint64_t target) {
        pdd_scan_fn scan = __atomic_load_n(&pdd_scan_chosen, __ATOMIC_RELAXED);
        if (!scan) {
            scan = pdd_choose_scan();
            __atomic_store_n(&pdd_scan_chosen, scan, __ATOMIC_RELAXED);
        }
        return scan(tags, n, owners, target);
    }
    /* The highest index of tags[0:n] whose tag passes and whose entry `matches` (a call with `probe` and the
       index), or -1: a long list's walk, kept out of line so that the short lists' walk stays as compiled. */
    __attribute__((noinline))
    static long pdd_walk_long(const uint64_t* tags, long n, uint64_t owners, uint64_t target,
                              int (*matches)(void*, long), void* probe) {
        while ((n = pdd_scan_tags(tags, n, owners, target)) >= 0) {
            if (matches(probe, n))
                return n;
        }
        return -1;
    }
    """
    int pdd_tag_passes(uint64_t w, uint64_t owners, uint64_t target) nogil
    long pdd_walk_long(const uint64_t* tags, long n, uint64_t owners, uint64_t target,
                       int (*matches)(void*, long) noexcept nogil, void* probe) nogil


cdef inline int entry_answer(Entry* e, Probe* pr, uint64_t tag, int target, uint64_t* rel) noexcept nogil:
    """A matching entry's answer, 1 or 0, with the ranks it was proven for (in the position's suits) in `rel`;
    the entry is read only if its tag does not hold its whole pattern."""
    cdef uint8_t depths[4]
    cdef uint8_t k[4]
    cdef uint8_t* kept = depths
    cdef int i
    if tag & TAG_WHOLE:
        tag_depths(tag, depths)
    else:
        kept = e.k
    if pr.perm4 == SUITS_IN_PLACE:
        rel[0] = top_cards(pr.present, kept)
    else:
        for i in range(4):
            k[(pr.perm4 >> (2 * i)) & 3] = kept[i]
        rel[0] = top_cards(pr.present, k)
    return 1 if tag_lower(tag) >= target else 0


cdef struct LongWalk:
    # What pdd_walk_long's entry comparison needs: the probe, and the list's first entry and tag.
    Probe* pr
    Entry* entries
    uint64_t* tags


cdef int long_walk_matches(void* walk, long index) noexcept nogil:
    """Whether the entry `index` of a long list, whose tag agrees, matches the probe (pdd_walk_long's
    comparison): at once if its tag holds its whole pattern."""
    cdef LongWalk* lw = <LongWalk*>walk
    return (lw.tags[index] & TAG_WHOLE) != 0 or entry_matches(lw.entries + index, lw.pr)


cdef inline int find_entry(Table* tt, Probe* pr, int target, uint64_t* rel) noexcept nogil:
    """1 or 0 if an entry matching the position decides the question, else -1."""
    cdef Slot* sl = find_slot(tt, pr, 0)
    cdef uint64_t* tag
    cdef uint64_t* start
    cdef uint64_t w, owners
    cdef Entry* e
    cdef uint64_t first, count
    cdef LongWalk walk
    cdef long n
    if sl == NULL:
        return -1
    first = sl.first
    count = sl.count
    if first + count > tt.npool:
        # Read part way through a store (a shared table's lookup, which then throws this away).
        return -1
    owners = top_owners(pr.seq)
    start = tt.tags + first
    # The newest tags first; each that passes the tags' test has its entry compared whole (unless the tag
    # holds the whole pattern: TAG_WHOLE). A long list (a
    # side playing to lose tricks makes lists of hundreds) is scanned several tags at a time where the
    # processor can (pdd_scan_tags), a short one (most where a side plays for tricks) in place.
    if count >= LONG_LIST:
        walk.pr = pr
        walk.entries = tt.pool + first
        walk.tags = start
        n = pdd_walk_long(start, count, owners, target, long_walk_matches, &walk)
        return -1 if n < 0 else entry_answer(walk.entries + n, pr, start[n], target, rel)
    tag = start + count
    while tag != start:
        tag -= 1
        w = tag[0]
        if pdd_tag_passes(w, owners, target):
            e = tt.pool + (tag - tt.tags)
            if (w & TAG_WHOLE) or entry_matches(e, pr):
                return entry_answer(e, pr, w, target, rel)
    return -1


cdef inline uint64_t* stripe_of(Table* tt, uint64_t hash) noexcept nogil:
    """The sequence count a shared table's stores of the shape of `hash` change (see Table.stripes)."""
    return tt.stripes + 8 * ((hash >> 40) & (STRIPES - 1))


cdef void table_lock(Table* tt) noexcept nogil:
    """Hold a shared table's lock for a change of the whole table (every lookup meanwhile is thrown away)."""
    pdd_lock(&tt.lock)
    pdd_seq_open(&tt.version)


cdef void table_unlock(Table* tt) noexcept nogil:
    pdd_seq_close(&tt.version)
    pdd_unlock(&tt.lock)


cdef int tt_lookup(Table* tt, Probe* pr, int target, uint64_t* rel) noexcept nogil:
    """1 or 0 if an entry matching the position decides the question, else -1.

    A shared table is read without its lock: the answer is kept only if no
    store changed the shape's stripe, and nothing changed the whole table,
    while it was read (sequence counts, see pdd_seq_open), else read again
    under the lock. A lookup so writes nothing the other cores read, where
    taking the lock passed its cache line between them at every lookup (a
    nolla deal on two threads: 356 ns a node against 214 without it). What a
    lookup reads part way through a store is thrown away, and no index it
    follows leaves the table's arrays meanwhile (find_slot, find_entry).
    """
    cdef int result
    cdef uint64_t whole, mine, found = 0
    cdef uint64_t* stripe
    if not tt.shared:
        return find_entry(tt, pr, target, rel)
    stripe = stripe_of(tt, pr.hash)
    whole = pdd_seq_read(&tt.version)
    mine = pdd_seq_read(stripe)
    result = find_entry(tt, pr, target, &found)
    if pdd_seq_same(stripe, mine) and pdd_seq_same(&tt.version, whole):
        if result >= 0:
            rel[0] = found
        return result
    pdd_lock(&tt.lock)
    result = find_entry(tt, pr, target, rel)
    pdd_unlock(&tt.lock)
    return result


cdef inline void reshape_open(Table* tt) noexcept nogil:
    """A store (holding a shared table's lock) is about to change the whole table: grow, thin or clear it."""
    if tt.shared:
        pdd_seq_open(&tt.version)


cdef inline void reshape_close(Table* tt) noexcept nogil:
    if tt.shared:
        pdd_seq_close(&tt.version)


cdef inline void make_room(State* st, Table* tt) noexcept nogil:
    """Make room in a full table: thin it by depth (tt_keep_deep), or, where it holds the entries of earlier
    layouts whose declarer took up another talon or laid away other cards (State.clear_full), clear it: the
    deep shapes kept are then those layouts' starts, which the next layouts never meet. The known-talon
    enumeration of bench/bid.py, which fills 256 MB, took 26.2 s on two processes thinning by depth and
    19.8 s clearing. With the hands as dealt the player's hand is every layout's, its deep positions come
    again, and thinning by depth is the better: four contracts of one hand, 45.5 s against 50.8 s."""
    if st.clear_full:
        tt_clear(tt)
    else:
        tt_keep_deep(tt)


cdef inline void store_entry(State* st, Table* tt, Probe* pr, int target, int result, uint64_t rel,
                             int depth) noexcept nogil:
    """Record a bound for every position that agrees with this one on the cards in `rel`.

    The entry keeps, per suit, who holds each present card from the top down to
    the lowest card of `rel`; lower cards are known only by their count in each hand.
    An entry with the same pattern among the shape's last few is updated, else
    a new one is added: every entry's bounds hold, so twins are harmless, and
    the walk over a long list (all layouts of a problem keep one table) stays
    short. A shape's entries lie together in the pool; a full shape moves to twice the room, in a region
    another shape left or at the pool's end (pool_take); a full pool keeps only its deepest shapes
    (tt_keep_deep).
    """
    cdef uint8_t k[4]
    cdef uint64_t pat[4], ps, rs
    cdef int suit
    cdef uint32_t room, first
    cdef int i, lower, upper
    cdef uint64_t* tag
    cdef Entry* e = NULL
    cdef Entry* start
    cdef Slot* sl
    cdef int j
    for i in range(4):
        suit = (pr.perm4 >> (2 * i)) & 3
        rs = rel & suit_bits(suit)
        ps = pr.present & suit_bits(suit)
        if st.cons & (C_HEAD | C_LW):
            k[i] = pdd_popcount(ps)
        elif rs:
            k[i] = pdd_popcount(ps & ~(lowbit(rs) - 1))
        else:
            k[i] = 0
        pat[i] = pr.seq[i] & seq_mask(k[i])
    sl = find_slot(tt, pr, 1)
    if sl == NULL:
        reshape_open(tt)
        while sl == NULL:
            if not tt_grow(tt):
                make_room(st, tt)
            sl = find_slot(tt, pr, 1)
        reshape_close(tt)
    start = tt.pool + sl.first
    # An equal pattern is looked for among the shape's last STORE_WINDOW entries only (the newest first): an
    # older one, not found, gets a twin whose bounds the lookup also sees (see tt_store).
    for j in range(<int>sl.count - 1, (<int>sl.count - STORE_WINDOW if sl.count > STORE_WINDOW else 0) - 1, -1):
        e = start + j
        if (e.k[0] == k[0] and e.k[1] == k[1] and e.k[2] == k[2] and e.k[3] == k[3]
                and entry_pat(e, 0) == pat[0] and entry_pat(e, 1) == pat[1] and entry_pat(e, 2) == pat[2]
                and entry_pat(e, 3) == pat[3]):
            break
    else:
        if sl.count == sl.room:
            room = room_for(sl.count)
            first = pool_take(tt, room)
            if first == NO_SPARE:
                reshape_open(tt)
                make_room(st, tt)
                sl = find_slot(tt, pr, 1)
                while sl == NULL:
                    tt_clear(tt)
                    sl = find_slot(tt, pr, 1)
                room = room_for(sl.count)
                first = pool_take(tt, room)
                if first == NO_SPARE:
                    tt_clear(tt)
                    sl = find_slot(tt, pr, 1)
                    room = 4
                    first = pool_take(tt, room)
                reshape_close(tt)
            memcpy(tt.pool + first, tt.pool + sl.first, sl.count * sizeof(Entry))
            memcpy(tt.tags + first, tt.tags + sl.first, sl.count * sizeof(uint64_t))
            pool_give(tt, sl.first, sl.room)
            sl.first = first
            sl.room = room
        e = tt.pool + sl.first + sl.count
        sl.count += 1
        for suit in range(4):
            e.k[suit] = k[suit]
            set_entry_pat(e, suit, pat[suit])
        tt.tags[e - tt.pool] = entry_tag(pat, k, st.n, 0, depth if st.goal == G_TRICKS else 1)
    tag = tt.tags + (e - tt.pool)
    lower = tag_lower(tag[0])
    upper = tag_upper(tag[0])
    if result:
        if lower < target:
            lower = target
    elif upper > target - 1:
        upper = target - 1
    tag[0] = (tag[0] & (0xFFFFFFFFFFFFULL | TAG_WHOLE)) | (<uint64_t>lower << 48) | (<uint64_t>upper << 56)


cdef void tt_store(State* st, Table* tt, Probe* pr, int target, int result, uint64_t rel,
                   int depth) noexcept nogil:
    """Record a bound (see store_entry), under the lock if the table is shared."""
    cdef uint64_t* stripe
    if not tt.shared:
        store_entry(st, tt, pr, target, result, rel, depth)
        return
    stripe = stripe_of(tt, pr.hash)
    pdd_lock(&tt.lock)
    pdd_seq_open(stripe)
    store_entry(st, tt, pr, target, result, rel, depth)
    pdd_seq_close(stripe)
    pdd_unlock(&tt.lock)


cdef void tt_restart(Table* tt) noexcept nogil:
    """Forget every entry and use the smallest slot prefix again, so that the search stays in few pages."""
    tt_clear(tt)
    tt.nactive = min(tt.nslots, SLOTS_START)


cdef void tt_start(Table* tt, const uint64_t* hands) noexcept nogil:
    """Restart `tt` for the deal of `hands` (see new_deal); NULL for none, so that the next position starts it."""
    tt_restart(tt)
    tt.sorted_suits = 0
    if hands == NULL:
        memset(tt.deal, 0, sizeof(tt.deal))
    else:
        memcpy(tt.deal, hands, sizeof(tt.deal))


cdef int sorts_suits(Table* tt, Setup* su) noexcept nogil:
    """Whether the table's keys should sort the suits from `su` on: a card of the table's deal is in
    another hand in `su` (another layout of the deal)."""
    cdef uint64_t before = 0
    cdef int i
    if tt.sorted_suits:
        return 0
    for i in range(MAX_SEATS):
        before |= tt.deal[i]
    for i in range(MAX_SEATS):
        if su.hands[i] & before & ~tt.deal[i]:
            return 1
    return 0


cdef enum:
    # More cards in play than this (Priffe's 52), and a layout around one hand is another deal to the table
    # (new_deal). Priffe bids, each layout in a cleared table: 20 layouts of nolla for four hands 4.50, 10.61,
    # 12.25, 31.84 → 3.90, 9.25, 13.32, 29.09 s; 200 of hjärter, ruter and priffe for two 3.28, 6.22 → 2.90,
    # 5.05-5.15 s. Polskt pass's 2,000 layouts around one hand in a kept table 1.4 s, each cleared 2.9 s.
    MANY_CARDS = 40


cdef int new_deal(Table* tt, Setup* su) noexcept nogil:
    """Whether `su` deals another deal than the table's: too few seats hold the same cards of those both deal.

    The table's deal is the position loaded when it was last started
    (`tt.deal`; the first position loaded starts it). Positions of one deal
    (later in its play, or with other cards laid away) and, in the games of 32
    cards or fewer, deals in which a seat keeps its hand (the layouts of the
    other hands around one hand) share many trick starts, so the table keeps its
    entries for them; another deal shares few, and its search runs faster in a
    cleared table whose slots in use fit in the processor's cache again. In
    Priffe's 52 cards the layouts of 39 cards around one hand share too few:
    there two seats must keep their hands (MANY_CARDS). DDS likewise resets its
    table for a new deal unless it is similar to the one before
    (SolveBoardInternal in its src/SolverIF.cpp).
    """
    cdef int i, keep = 0
    cdef uint64_t before = 0, now = 0, kept
    for i in range(MAX_SEATS):
        before |= tt.deal[i]
        now |= su.hands[i]
    if before == 0:
        return 1
    for i in range(MAX_SEATS):
        kept = su.hands[i] & before
        if kept and kept == tt.deal[i] & now:
            keep += 1
    return keep < (2 if pdd_popcount(now) > MANY_CARDS else 1)
