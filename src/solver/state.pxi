# The engine's state: a position in bit masks, the helpers every technique reads it with, and its loading.
#
# A hand is a 64-bit mask, 16 bits per play suit. State holds the hands, the trick in progress and
# the tricks won, with what play_card keeps up to date for the others (the present cards, each
# side's cards, the suit lengths and card owners the table key reads) and its tables;
# Setup is a position as Engine.set_position takes it, and load makes it the state.

cdef extern from *:
    """
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    #error "the engine reads a table entry's 48-bit patterns as little-endian words (entry_pat)"
    #endif
    #if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
    #pragma GCC target("popcnt")
    #endif
    static inline int pdd_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int pdd_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int pdd_top(unsigned long long x) { return 63 - __builtin_clzll(x); }
    static inline void pdd_prefetch(const void* p) { __builtin_prefetch(p); }
    static inline int pdd_load(int* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline void pdd_store(int* p, int v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
    #include <sched.h>
    /* A spin lock for a table that several threads search (held for one lookup or store). */
    static inline void pdd_lock(int* word) {
        int spins = 0;
        while (__atomic_exchange_n(word, 1, __ATOMIC_ACQUIRE)) {
            while (__atomic_load_n(word, __ATOMIC_RELAXED)) {
                if (++spins == 64) { sched_yield(); spins = 0; }
    #if defined(__x86_64__) || defined(__i386__)
                else { __builtin_ia32_pause(); }
    #endif
            }
        }
    }
    static inline void pdd_unlock(int* word) { __atomic_store_n(word, 0, __ATOMIC_RELEASE); }
    /* Sequence counts (seqlocks) for a table several threads search: a writer, holding the table's lock,
       makes a count odd before it writes and even again after; a reader takes no lock, reads the count
       before and after, and keeps what it read only if the count was the same even number (the C11
       fences of Boehm's "Can seqlocks get along with programming language memory models?", 2012). */
    static inline void pdd_seq_open(unsigned long long* count) {
        __atomic_store_n(count, __atomic_load_n(count, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
        __atomic_thread_fence(__ATOMIC_RELEASE);
    }
    static inline void pdd_seq_close(unsigned long long* count) {
        __atomic_store_n(count, __atomic_load_n(count, __ATOMIC_RELAXED) + 1, __ATOMIC_RELEASE);
    }
    static inline unsigned long long pdd_seq_read(unsigned long long* count) {
        return __atomic_load_n(count, __ATOMIC_ACQUIRE);
    }
    static inline int pdd_seq_same(unsigned long long* count, unsigned long long before) {
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        return !(before & 1) && __atomic_load_n(count, __ATOMIC_RELAXED) == before;
    }
    static inline unsigned int pdd_load_u32(unsigned int* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
    static inline void pdd_store_u32(unsigned int* p, unsigned int x) { __atomic_store_n(p, x, __ATOMIC_RELEASE); }
    static const unsigned long long pdd_suit_masks[4] = {
        0xFFFFULL, 0xFFFF0000ULL, 0xFFFF00000000ULL, 0xFFFF000000000000ULL};
    #define PDD_SUIT_TOPS 0x8000800080008000ULL
    #define PDD_SEQ(k) ((1ULL << (3 * (k))) - 1)
    static const unsigned long long pdd_seq_masks[17] = {
        PDD_SEQ(0), PDD_SEQ(1), PDD_SEQ(2), PDD_SEQ(3), PDD_SEQ(4), PDD_SEQ(5), PDD_SEQ(6), PDD_SEQ(7), PDD_SEQ(8),
        PDD_SEQ(9), PDD_SEQ(10), PDD_SEQ(11), PDD_SEQ(12), PDD_SEQ(13), PDD_SEQ(14), PDD_SEQ(15), PDD_SEQ(16)};
    """
    const uint64_t* pdd_suit_masks
    # The top bit of every suit.
    const uint64_t SUIT_TOPS "PDD_SUIT_TOPS"
    const uint64_t* pdd_seq_masks
    void pdd_prefetch(const void* p) nogil
    # The stop flag, set by another thread while the search runs.
    int pdd_load(int* p) nogil
    void pdd_store(int* p, int v) nogil
    void pdd_lock(int* word) nogil
    void pdd_unlock(int* word) nogil
    void pdd_seq_open(uint64_t* count) nogil
    void pdd_seq_close(uint64_t* count) nogil
    uint64_t pdd_seq_read(uint64_t* count) nogil
    int pdd_seq_same(uint64_t* count, uint64_t before) nogil
    # The epoch of a slot that lookups may read while a store claims it (written last, read first).
    uint32_t pdd_load_u32(uint32_t* p) nogil
    void pdd_store_u32(uint32_t* p, uint32_t x) nogil
    int pdd_ctz(uint64_t x) nogil
    int pdd_top(uint64_t x) nogil
    int pdd_popcount(uint64_t x) nogil

cdef enum:
    MAX_SEATS = 5
    MAX_PLIES = 64
    # Trick starts a search sees: up to 16 tricks (as tcards holds) and the end.
    TRICK_STARTS = 17
    # The killer leads by tricks left, for each side when both duck (killer[17 + left] for maxside 1).
    KILLER_SLOTS = 2 * TRICK_STARTS
    HISTORY_CAP = 1 << 24
    # A lead that did not answer before the one that did loses this many times what that one gains; in the
    # no-trump histories of partners playing for tricks, HISTORY_MALUS_NT times.
    HISTORY_MALUS = 4
    HISTORY_MALUS_NT = 32
    # Where partners play for tricks with no trump, a lead's or a discard's weight gains its history divided by
    # 2 ** HISTORY_SHIFT, at most HISTORY_BONUS_CAP (see history_bonus).
    HISTORY_SHIFT = 2
    HISTORY_BONUS_CAP = 30
    PROBE_LIMIT = 32
    # The stripes of a shared table's lookups (see Table.stripes): a power of two.
    STRIPES = 1024
    # Table slots in use at first (512 KB); the prefix in use doubles as it fills.
    SLOTS_START = 1 << 14
    # Slots in a 4 KB memory page.
    SLOTS_PAGE = 128
    # A stored bound updates an entry of the same pattern among the shape's last this many, else is added.
    STORE_WINDOW = 4
    # The killer lead's order bonus: first whatever the lead's weights say.
    KILLER_BONUS = 1000
    # Where partners lead, the killer the last one replaced (killer2) gets a bonus too.
    KILLER2_BONUS = 20
    # Goals of the search.
    G_TRICKS = 0
    G_WIN = 1
    # Play constraint bits, the same values as rules.Constraint.
    C_FOLLOW = 1
    C_RUFF = 2
    C_HEAD = 4
    C_LW = 8


cdef struct Slot:
    # A shape: suit lengths of every hand, the leader, the context and (G_WIN) the tricks won.
    uint64_t shape0
    uint64_t shape1
    uint32_t epoch
    # The shape's entries: entries[first:first + count] of the pool, room for `room`.
    uint32_t first
    uint32_t count
    uint32_t room


cdef packed struct Entry:
    # Per suit: who holds each of the top k[suit] present cards, 3 bits a card, top card lowest, in 6 bytes
    # (48 bits, 16 cards; see entry_pat). Its bounds are in its tag (Table.tags).
    uint8_t pat[24]
    uint8_t k[4]


cdef struct Table:
    # Read by every lookup, written seldom (a new deal, a table grown or cleared):
    Slot* slots
    uint64_t nslots
    # The slots in use: slots[0:nactive], a power of two up to nslots.
    uint64_t nactive
    uint32_t epoch
    # Whether the keys put the suits in their sorted order (see suit_order): set once the table serves
    # another layout of its deal (see sorts_suits), cleared when it starts another deal.
    int sorted_suits
    Entry* pool
    # Beside each entry of the pool, its tag: the owners of its top cards and its bounds (see entry_tag).
    uint64_t* tags
    uint64_t npool
    # Whether several engines search the table at once: each store then holds `lock` and makes its shape's
    # stripe odd (stripe_of), or `version` for a change of the whole table (a new deal, the table grown,
    # thinned or cleared); a lookup holds no lock and keeps its answer only if neither changed meanwhile
    # (tt_lookup). stripes[8 * i] is stripe i, one to a cache line.
    int shared
    uint64_t* stripes
    # Read by every lookup of a shared table, written seldom: kept off the lock's cache line, which every
    # store writes (beside it, the other core's stores made each lookup wait for the line).
    uint64_t version
    # Written by every store, in cache lines of their own (when shared, another core owns them often).
    char apart[64]
    int lock
    uint64_t slots_used
    uint64_t pool_used
    # Regions of the pool that shapes moved away from, for other shapes to move into (see pool_take): spare[k]
    # is the first of a list of regions of room 2^k or more (NO_SPARE ends it), each one's first tag the next.
    uint32_t spare[32]
    char apart_too[64]
    # The hands of the position the table was last started for, the trick in progress included (see new_deal).
    uint64_t deal[MAX_SEATS]


cdef struct Undo:
    int card
    int seat
    int lead
    int ntrick
    int winpos
    int first2
    int winner
    int winpos_done
    uint64_t trickbits


cdef struct State:
    int n
    int trump
    int cons
    int lw_seat
    int decl_seat
    int goal
    int maxside[MAX_SEATS]
    int counted[MAX_SEATS]
    # Per seat: the one other seat of its maxside, -1 if none, -2 if several (set by load).
    int partner[MAX_SEATS]
    # Whether four seats play as two sides of partners sitting opposite (Priffe), as the transfer and
    # crossruff counts assume (set by load).
    int pairs
    # The seats of maxside 0 and of maxside 1, a bit per seat (set by load).
    int side_seats[2]
    int qt_ok
    int counted_side
    # The seats whose killer lead the order puts first whatever the other leads score, a bit per seat (set by
    # load; see first_killer).
    int killer_first
    uint64_t hands[MAX_SEATS]
    int lead
    int ntrick
    int winpos
    int tno
    # seat_tab[lead + pos]: the seat at position pos of a trick led by lead (set by load).
    int seat_tab[2 * MAX_SEATS]
    int tcards[16 * MAX_SEATS]
    uint64_t trickbits
    # Every card in a hand or in the trick in progress (kept by play_card and unplay_card).
    uint64_t present
    # The cards in the hands of the seats of maxside 0 and of maxside 1 (kept like `present`).
    uint64_t side_hands[2]
    # Suit lengths of the hands, 16 bits a suit and 4 bits a seat in it: seats 0-3 in lens[0], seat 4 in
    # lens[1] (kept by play_card and unplay_card; make_probe packs the table shape from them).
    uint64_t lens[2]
    # At the start of trick t, per suit: who holds each present card from the top, 3 bits a card
    # (make_probe's seq), in seqs[t]: load fills seqs[0], make_probe the later ones up to the
    # trick in progress from seqs[seqs_upto], the last one still valid (play_card lowers it).
    uint64_t seqs[TRICK_STARTS][4]
    int seqs_upto
    int won[MAX_SEATS]
    int first2
    int ply
    Undo undo[MAX_PLIES]
    uint64_t nodes
    uint64_t trick_nodes
    # Set by talon_values, whose layouts each give the declarer another hand (the talon taken up, the discards
    # tried); then clear_full (set by load) where the position loaded did not start the table, which so holds
    # earlier layouts' (or discards') entries: a full table is cleared rather than thinned by depth (make_room).
    int talon_layouts
    int clear_full
    # The lead that last refuted a trick start, by tricks left (DDS's bestMove), tried first; -1 for none.
    # When both sides duck (misère, nolla), the leader's side's is at killer[17 + left] for maxside 1.
    int killer[KILLER_SLOTS]
    # The killer each one replaced (a bonus where partners play for tricks: see order_moves).
    int killer2[KILLER_SLOTS]
    # The ply of the probe under way (its root: see probe for the killers it keeps).
    int probe_ply
    uint64_t ctx
    # The transposition table searched (the engine's own, or one shared with other engines), and the
    # engine's own table for positions of fewer than `share_from` tricks left (`tt` itself if none).
    Table* tt
    Table* near
    int share_from
    # Per card, the leads of it that answered the question, weighted, less those that did not (see
    # remember): where a side plays to lose tricks, and where partners lead with no trump.
    uint32_t history[64]
    # The same of the discards of partners playing for tricks with no trump.
    uint32_t discard_history[64]
    # Set by Engine.stop (from another thread): the search unwinds from its next trick start.
    int stop


cdef inline uint64_t suit_bits(int suit) noexcept nogil:
    return pdd_suit_masks[suit]


cdef inline uint64_t above(int card) noexcept nogil:
    """The bits of the card's suit strictly above it."""
    return suit_bits(card >> 4) & ~(((<uint64_t>2) << card) - 1)


cdef inline uint64_t lowbit(uint64_t x) noexcept nogil:
    return x & (~x + 1)


cdef uint64_t top_n(uint64_t bits, int n) noexcept nogil:
    """The `n` highest cards of `bits` (all of them if fewer)."""
    cdef uint64_t out = 0, bit
    while bits and n > 0:
        bit = (<uint64_t>1) << pdd_top(bits)
        out |= bit
        bits ^= bit
        n -= 1
    return out


cdef inline int card_beats(State* st, int card, int winner) noexcept nogil:
    if (card >> 4) == (winner >> 4):
        return card > winner
    return (card >> 4) == st.trump


cdef inline int seat_at(State* st, int pos) noexcept nogil:
    """The seat at position `pos` (0 to n - 1) of the trick in progress.

    Read from `seat_tab` (load makes it): one load where the wrap-around's compare and subtraction ran
    at each of its calls, the most frequent in the engine (the Priffe value searches' CPU 2-3% less).
    """
    return st.seat_tab[st.lead + pos]


cdef inline int to_move(State* st) noexcept nogil:
    return seat_at(st, st.ntrick)


cdef inline int current_winner(State* st) noexcept nogil:
    return st.tcards[st.tno * MAX_SEATS + st.winpos]


cdef inline uint64_t present_cards(State* st) noexcept nogil:
    return st.present


cdef inline uint64_t len_unit(int seat, int suit) noexcept nogil:
    """One card of `suit` in the hand of `seat`, as State.lens counts."""
    return (<uint64_t>1) << (16 * suit + 4 * (seat & 3))


cdef inline int owner(State* st, int card) noexcept nogil:
    cdef int seat
    for seat in range(st.n):
        if (st.hands[seat] >> card) & 1:
            return seat
    return -1


cdef struct Setup:
    # A position as set_position takes it, checked.
    uint64_t hands[MAX_SEATS]
    uint64_t ctx
    int n
    int trump
    int cons
    int lw_seat
    int decl_seat
    int goal
    int maxside[MAX_SEATS]
    int counted[MAX_SEATS]
    int won[MAX_SEATS]
    int first2
    int leader
    int ntrick
    int trick[MAX_SEATS]


cdef inline int learns_nt(State* st) noexcept nogil:
    """Whether the search keeps the no-trump histories of leads and discards (State.history,
    State.discard_history): partners playing for tricks with no trump."""
    return st.counted_side and st.pairs and st.trump < 0


cdef inline int killer_slot(State* st) noexcept nogil:
    """The killers' slot of the trick start being led: by its tricks left, and by the leader's side where both
    sides duck (misère, nolla; see State.killer)."""
    return pdd_popcount(st.hands[st.lead]) + (0 if st.counted_side else 17 * st.maxside[st.lead])


cdef void forget_killers(State* st, int below) noexcept nogil:
    """No killer leads at trick starts of fewer than `below` tricks left (KILLER_SLOTS: none at all); each is
    tried first again only once a search has found it."""
    cdef int i
    for i in range(below):
        st.killer[i] = -1
        st.killer2[i] = -1


cdef void load(State* st, Setup* su, bint again=False) noexcept nogil:
    """Make `su` the engine's position; for another deal (see new_deal) the table starts empty and small and
    the killer leads are forgotten. The histories of leads and discards are forgotten too, unless the
    position is loaded `again` (the one loaded last, whose cards a caller plays from Python to search each
    in turn: a team's probes and card values): there the history of the searches before serves the next."""
    cdef int i, j, suit
    cdef bint fresh = False
    if st.tt.shared:
        table_lock(st.tt)
    if new_deal(st.tt, su):
        tt_start(st.tt, su.hands)
        fresh = True
    elif sorts_suits(st.tt, su):
        st.tt.sorted_suits = 1
    if st.tt.shared:
        table_unlock(st.tt)
    if st.near != st.tt:
        if new_deal(st.near, su):
            tt_start(st.near, su.hands)
            fresh = True
        elif sorts_suits(st.near, su):
            st.near.sorted_suits = 1
    if fresh:
        # Another deal's killer leads are not this one's cards.
        forget_killers(st, KILLER_SLOTS)
    st.clear_full = st.talon_layouts and not fresh
    st.ctx = su.ctx
    st.n = su.n
    # seat_at's table: seat_tab[i] is i modulo n.
    for i in range(2 * MAX_SEATS):
        st.seat_tab[i] = i % su.n
    st.trump = su.trump
    st.cons = su.cons
    st.lw_seat = su.lw_seat
    st.decl_seat = su.decl_seat
    st.goal = su.goal
    st.qt_ok = su.goal == G_TRICKS
    st.counted_side = 1
    for i in range(MAX_SEATS):
        st.hands[i] = su.hands[i]
        st.maxside[i] = su.maxside[i] != 0
        st.counted[i] = su.counted[i]
        st.won[i] = su.won[i]
        if i < su.n and su.counted[i] != su.maxside[i]:
            st.qt_ok = 0
            st.counted_side = 0
    st.side_seats[0] = st.side_seats[1] = 0
    for i in range(su.n):
        st.side_seats[st.maxside[i]] |= 1 << i
    for i in range(MAX_SEATS):
        st.partner[i] = -1
        for j in range(su.n):
            if j != i and st.maxside[j] == st.maxside[i]:
                st.partner[i] = j if st.partner[i] == -1 else -2
    st.pairs = (st.n == 4 and st.maxside[0] == st.maxside[2] and st.maxside[1] == st.maxside[3]
                and st.maxside[0] != st.maxside[1])
    st.first2 = su.first2
    st.killer_first = 0
    for i in range(su.n):
        if st.counted_side or (st.n == 4 and st.counted[i] != st.maxside[i]):
            st.killer_first |= 1 << i
    if fresh or not again:
        memset(st.history, 0, sizeof(st.history))
        memset(st.discard_history, 0, sizeof(st.discard_history))
    st.lead = su.leader
    st.ntrick = 0
    st.winpos = 0
    st.tno = 0
    st.trickbits = 0
    st.present = 0
    st.side_hands[0] = st.side_hands[1] = 0
    st.lens[0] = st.lens[1] = 0
    for i in range(su.n):
        st.present |= su.hands[i]
        st.side_hands[st.maxside[i]] |= su.hands[i]
        for suit in range(4):
            st.lens[i >> 2] += len_unit(i, suit) * <uint64_t>pdd_popcount(su.hands[i] & suit_bits(suit))
    for suit in range(4):
        st.seqs[0][suit] = owner_seq(st, suit)
    st.seqs_upto = 0
    st.ply = 0
    for i in range(su.ntrick):
        play_card(st, su.trick[i])
    st.ply = 0
