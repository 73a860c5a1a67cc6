package io.github.adammeme.internal.retrieval;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * BM25 over misbelief sentences (the paper's retrieval for H_ref and for the next case from the
 * pool). The refinement keeps one index per category, so BM25's statistics are that category's
 * own. Additions become visible only at {@link #refresh()}, which the refinement calls at fixed
 * points, so what a query sees never depends on thread timing and a run retrieves the same samples
 * every time.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class MisbeliefIndex implements AutoCloseable {

    private static final String ID = "id";
    private static final String CATEGORY = "category";
    private static final String MISBELIEF = "misbelief";

    /**
     * Function words, and the words a Narrator frames its belief with ("The misbelief is that ...",
     * "Misbelief suggests that ...", "The meme suggests that ..."), which tell nothing of the belief: two
     * Narrators stating one belief in different frames retrieve the same samples.
     */
    private static final CharArraySet STOP_WORDS = new CharArraySet(
            List.of(
                    "a",
                    "an",
                    "and",
                    "are",
                    "as",
                    "at",
                    "be",
                    "but",
                    "by",
                    "for",
                    "if",
                    "in",
                    "into",
                    "is",
                    "it",
                    "no",
                    "not",
                    "of",
                    "on",
                    "or",
                    "such",
                    "that",
                    "the",
                    "their",
                    "then",
                    "there",
                    "these",
                    "they",
                    "this",
                    "to",
                    "was",
                    "will",
                    "with",
                    "misbelief",
                    "belief",
                    "holds",
                    "suggests",
                    "meme"),
            true);

    /** BM25 needs term frequencies and lengths (norms), never positions: no phrase is ever searched. */
    private static final FieldType SENTENCE = sentenceType();

    /** Every index and {@link #terms(String)} alike: an analyzer serves any number of threads. */
    private static final Analyzer ANALYZER = new StandardAnalyzer(STOP_WORDS);
    /** The reference code's view of a sentence: every word, lower-cased. */
    private static final Analyzer ALL_WORDS = new StandardAnalyzer(CharArraySet.EMPTY_SET);

    private final ByteBuffersDirectory directory = new ByteBuffersDirectory();
    private final IndexWriter writer;
    private final Retrieval retrieval;
    private final Analyzer analyzer;
    private volatile @Nullable IndexSearcher searcher;

    /** An empty index in memory, retrieving by content words. */
    public MisbeliefIndex() {
        this(Retrieval.CONTENT_WORDS);
    }

    /**
     * An empty index in memory.
     *
     * @param retrieval which words count, whether a case is among its own examples, and BM25's k1
     */
    public MisbeliefIndex(Retrieval retrieval) {
        this.retrieval = retrieval;
        this.analyzer = retrieval.contentWords() ? ANALYZER : ALL_WORDS;
        try {
            // A category's index holds a few hundred sentences in one segment per refresh: merging them
            // would cost more CPU, on background threads, than searching a dozen small segments.
            writer = new IndexWriter(
                    directory,
                    new IndexWriterConfig(analyzer)
                            .setSimilarity(similarity())
                            .setMergePolicy(NoMergePolicy.INSTANCE)
                            .setMergeScheduler(new SerialMergeScheduler()));
            writer.commit();
            refresh();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the in-memory misbelief index", e);
        }
    }

    private static FieldType sentenceType() {
        FieldType type = new FieldType(TextField.TYPE_NOT_STORED);
        type.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
        type.freeze();
        return type;
    }

    /**
     * Adds a sample's misbelief; it is found only after the next {@link #refresh()}.
     *
     * @param sampleId the sample's id
     * @param category its category
     * @param misbelief its misbelief sentence
     */
    public void add(String sampleId, String category, String misbelief) {
        Document doc = new Document();
        doc.add(new StringField(ID, sampleId, Field.Store.YES));
        doc.add(new StringField(CATEGORY, category, Field.Store.NO));
        doc.add(new Field(MISBELIEF, misbelief, SENTENCE));
        try {
            writer.addDocument(doc);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot index sample " + sampleId, e);
        }
    }

    /** Makes everything added so far visible to searches. */
    public void refresh() {
        try {
            IndexSearcher next = new IndexSearcher(DirectoryReader.open(writer));
            next.setSimilarity(similarity());
            IndexSearcher previous = searcher;
            searcher = next;
            if (previous != null) {
                previous.getIndexReader().close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot refresh the misbelief index", e);
        }
    }

    /** BM25 with the retrieval's k1 and the usual length normalisation (b = 0.75, as rank_bm25's too). */
    private BM25Similarity similarity() {
        return new BM25Similarity(retrieval.k1(), 0.75f);
    }

    /**
     * The top {@code k} samples of a category for a misbelief, best first: never {@code excludedId} itself when
     * retrieving by content words; among the candidates, as in the reference code, otherwise.
     *
     * @param category the category searched
     * @param misbelief the query sentence
     * @param k how many ids at most
     * @param excludedId the sample the query is for
     * @return sample ids, best first
     */
    public List<String> top(String category, String misbelief, int k, String excludedId) {
        BooleanQuery.Builder query = base(category, misbelief);
        if (retrieval.contentWords()) {
            query.add(new TermQuery(new Term(ID, excludedId)), BooleanClause.Occur.MUST_NOT);
        }
        return run(query.build(), k);
    }

    /**
     * The best match among the allowed samples (the pool P), if any is left.
     *
     * @param category the category searched
     * @param misbelief the query sentence
     * @param allowedIds the ids that may be returned
     * @return the best sample id, or empty
     */
    public Optional<String> nearest(String category, String misbelief, Collection<String> allowedIds) {
        if (allowedIds.isEmpty()) {
            return Optional.empty();
        }
        BooleanQuery.Builder query = base(category, misbelief);
        query.add(new TermInSetQuery(ID, allowedIds.stream().map(BytesRef::new).toList()), BooleanClause.Occur.FILTER);
        List<String> hits = run(query.build(), 1);
        return hits.isEmpty() ? Optional.empty() : Optional.of(hits.get(0));
    }

    private BooleanQuery.Builder base(String category, String misbelief) {
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        query.add(new TermQuery(new Term(CATEGORY, category)), BooleanClause.Occur.FILTER);
        // A sentence with no content words still retrieves: the filter alone matches, in index order.
        for (String term : terms(analyzer, misbelief)) {
            query.add(new TermQuery(new Term(MISBELIEF, term)), BooleanClause.Occur.SHOULD);
        }
        return query;
    }

    /** The searcher last refreshed: never null once constructed, as the constructor refreshes. */
    private IndexSearcher searcher() {
        return Objects.requireNonNull(searcher, "the constructor refreshes");
    }

    private List<String> run(BooleanQuery query, int k) {
        IndexSearcher current = searcher();
        try {
            List<String> ids = new ArrayList<>();
            // Ties keep index order, which is the order samples were added: deterministic.
            for (ScoreDoc hit : current.search(query, k).scoreDocs) {
                ids.add(current.storedFields().document(hit.doc).get(ID));
            }
            return ids;
        } catch (IOException e) {
            throw new UncheckedIOException("misbelief search failed", e);
        }
    }

    /**
     * The content words of a misbelief sentence, as BM25 sees them.
     *
     * @param text a sentence
     * @return its terms, lower case, without stop words, in order
     */
    public static List<String> terms(String text) {
        return terms(ANALYZER, text);
    }

    private static List<String> terms(Analyzer analyzer, String text) {
        List<String> out = new ArrayList<>();
        try (TokenStream stream = analyzer.tokenStream(MISBELIEF, text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                out.add(term.toString());
            }
            stream.end();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot analyse a misbelief sentence", e);
        }
        return out;
    }

    @Override
    public void close() {
        try {
            searcher().getIndexReader().close();
            writer.close();
            directory.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the misbelief index", e);
        }
    }
}
