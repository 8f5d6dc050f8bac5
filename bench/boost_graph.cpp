// bench/boost_graph.cpp - the Boost Graph Library's yardstick for astar's
// navigation graphs: loads a 9th DIMACS Challenge graph (NAME.gr arcs,
// NAME.co coordinates) into a compressed_sparse_row_graph and answers the
// NAME.p2p point-to-point queries, one line "S T COST" each in file order
// (COST -1 when T cannot be reached), with either
//   dijkstra  dijkstra_shortest_paths, stopped when the target is examined
//   astar     astar_search with the straight-line (Euclidean) heuristic,
//             stopped the same way.
// bench/graphs.py times the whole process from outside; the split between
// loading and searching goes to standard error.
//
// Not part of the build: bench/graphs.py compiles it with
//   g++ -O2 -o bench/out/boost_graph bench/boost_graph.cpp
// (Debian: apt-get install libboost-graph-dev).
//
// Usage: boost_graph dijkstra|astar FILE.gr FILE.co FILE.p2p
#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <string>
#include <utility>
#include <vector>

struct Arc {
	uint32_t w;
};

typedef boost::compressed_sparse_row_graph<boost::directedS, boost::no_property,
                                           Arc, boost::no_property, uint32_t,
                                           uint32_t>
	Graph;

static void die(const std::string &msg)
{
	std::fprintf(stderr, "boost_graph: %s\n", msg.c_str());
	std::exit(2);
}

static double now()
{
	timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// The whole file, NUL-terminated: one read, then a hand-written scan, so
// that loading is not measured through iostreams.
static std::vector<char> slurp(const char *path)
{
	FILE *f = std::fopen(path, "rb");
	if (!f)
		die(std::string(path) + ": " + std::strerror(errno));
	std::vector<char> buf;
	char chunk[1 << 16];
	size_t n;
	while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0)
		buf.insert(buf.end(), chunk, chunk + n);
	std::fclose(f);
	buf.push_back('\0');
	return buf;
}

// Reads the lines of one DIMACS file: calls on(kind, numbers) for every
// line that is not a comment; the numbers are the line's integer fields.
template <class F> static void scan(const char *path, F on)
{
	std::vector<char> buf = slurp(path);
	char *p = buf.data();
	long long nums[4];
	while (*p) {
		char kind = *p;
		char *end = std::strchr(p, '\n');
		if (!end)
			end = p + std::strlen(p);
		int k = 0;
		if (kind != 'c' && kind != '\n') {
			char *q = p + 1;
			while (q < end && k < 4) {
				while (q < end && (*q < '0' || *q > '9') &&
				       *q != '-')
					q++;
				if (q >= end)
					break;
				nums[k++] = std::strtoll(q, &q, 10);
			}
			on(kind, nums, k);
		}
		p = *end ? end + 1 : end;
	}
}

struct Data {
	uint32_t n = 0;
	std::vector<std::pair<uint32_t, uint32_t>> arcs;
	std::vector<Arc> costs;
	std::vector<double> x, y;
	std::vector<std::pair<uint32_t, uint32_t>> queries;
};

static uint32_t node(const Data &d, long long id)
{
	if (id < 1 || id > (long long)d.n)
		die("node id " + std::to_string(id) + " out of range");
	return (uint32_t)(id - 1);
}

static void load(Data &d, const char *gr, const char *co, const char *p2p)
{
	scan(gr, [&](char kind, long long *v, int k) {
		if (kind == 'p' && k == 2) {
			d.n = (uint32_t)v[0];
			d.arcs.reserve((size_t)v[1]);
			d.costs.reserve((size_t)v[1]);
		} else if (kind == 'a' && k == 3) {
			d.arcs.emplace_back(node(d, v[0]), node(d, v[1]));
			d.costs.push_back(Arc{(uint32_t)v[2]});
		}
	});
	d.x.assign(d.n, 0.0);
	d.y.assign(d.n, 0.0);
	scan(co, [&](char kind, long long *v, int k) {
		if (kind == 'v' && k == 3) {
			uint32_t u = node(d, v[0]);
			d.x[u] = (double)v[1];
			d.y[u] = (double)v[2];
		}
	});
	scan(p2p, [&](char kind, long long *v, int k) {
		if (kind == 'q' && k == 2)
			d.queries.emplace_back(node(d, v[0]), node(d, v[1]));
	});
}

struct Found {
};

struct StopDijkstra : boost::default_dijkstra_visitor {
	uint32_t target;
	explicit StopDijkstra(uint32_t t) : target(t) {}
	void examine_vertex(uint32_t u, const Graph &) const
	{
		if (u == target)
			throw Found();
	}
};

struct StopAstar : boost::default_astar_visitor {
	uint32_t target;
	explicit StopAstar(uint32_t t) : target(t) {}
	void examine_vertex(uint32_t u, const Graph &) const
	{
		if (u == target)
			throw Found();
	}
};

struct StraightLine : boost::astar_heuristic<Graph, double> {
	const double *x, *y;
	uint32_t target;
	StraightLine(const Data &d, uint32_t t)
	    : x(d.x.data()), y(d.y.data()), target(t)
	{
	}
	double operator()(uint32_t u) const
	{
		double dx = x[u] - x[target], dy = y[u] - y[target];
		return std::sqrt(dx * dx + dy * dy);
	}
};

int main(int argc, char **argv)
{
	if (argc != 5 ||
	    (std::strcmp(argv[1], "dijkstra") && std::strcmp(argv[1], "astar")))
		die("usage: boost_graph dijkstra|astar FILE.gr FILE.co FILE.p2p");
	bool astar = !std::strcmp(argv[1], "astar");
	double t0 = now();
	Data d;
	load(d, argv[2], argv[3], argv[4]);
	Graph g(boost::edges_are_unsorted_multi_pass, d.arcs.begin(),
	        d.arcs.end(), d.costs.begin(), d.n);
	size_t narcs = d.arcs.size();
	std::vector<std::pair<uint32_t, uint32_t>>().swap(d.arcs);
	std::vector<Arc>().swap(d.costs);
	double t1 = now();

	std::vector<double> dist(d.n), rank(d.n);
	std::vector<uint32_t> pred(d.n);
	std::vector<boost::default_color_type> color(d.n);
	auto weight = boost::get(&Arc::w, g);
	auto index = boost::get(boost::vertex_index, g);
	auto pred_map = boost::make_iterator_property_map(pred.begin(), index);
	auto dist_map = boost::make_iterator_property_map(dist.begin(), index);
	auto rank_map = boost::make_iterator_property_map(rank.begin(), index);
	auto color_map =
		boost::make_iterator_property_map(color.begin(), index);
	const double inf = std::numeric_limits<double>::max();
	for (auto &q : d.queries) {
		uint32_t s = q.first, t = q.second;
		try {
			if (astar)
				boost::astar_search(
					g, s, StraightLine(d, t),
					boost::visitor(StopAstar(t))
						.predecessor_map(pred_map)
						.distance_map(dist_map)
						.rank_map(rank_map)
						.color_map(color_map)
						.weight_map(weight));
			else
				boost::dijkstra_shortest_paths(
					g, s,
					boost::visitor(StopDijkstra(t))
						.predecessor_map(pred_map)
						.distance_map(dist_map)
						.color_map(color_map)
						.weight_map(weight));
		} catch (const Found &) {
		}
		long long cost = dist[t] == inf ? -1 : (long long)dist[t];
		std::printf("%u %u %lld\n", s + 1, t + 1, cost);
	}
	double t2 = now();
	std::fprintf(
		stderr,
		"boost_graph %s: %u nodes, %zu arcs, %zu queries: load %.3f s, queries %.3f s\n",
		argv[1], d.n, narcs, d.queries.size(), t1 - t0, t2 - t1);
	return 0;
}
