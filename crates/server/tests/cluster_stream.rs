//! A cluster node's games go to the cluster's stream of games step by step (a private
//! NATS server and PostgreSQL database from `parlor-testkit`, of this test binary
//! alone, so that no other test's games share its ids).

mod common;

use common::TestServer;
use parlor_server::config::Database;
use parlor_server::record::Step;
use parlor_server::Config;
use serde_json::Value;

/// A node's game goes to the cluster's stream step by step, and the steps alone make
/// the game again exactly: the rules and seed from its start, its actions in order, its
/// hands and end, replaying to the result the store holds.
#[tokio::test]
async fn the_stream_holds_every_game_step_by_step() {
    let nats = parlor_testkit::nats().url();
    let url = parlor_testkit::postgres().database();
    let a = TestServer::start(Config {
        database: Some(Database {
            url: url.clone(),
            node: "a".into(),
        }),
        cluster: Some(nats.clone()),
        ..Config::for_tests(72)
    })
    .await;
    common::bots::course_truco_match(a.addr("truco")).await;
    let stored = a.stored("truco", "finished", 1).await;
    let id = stored[0]["id"].as_i64().unwrap();
    let (_, game) = a.get_json(&format!("/api/games/{id}")).await;
    let reader = parlor_server::cluster::Cluster::join(&nats, "reader")
        .await
        .unwrap();
    let steps = reader.steps(id).await.unwrap();
    let Some(Step::Start {
        protocol,
        variant,
        seed,
        seats,
        ..
    }) = steps.first()
    else {
        panic!("a game starts with its start: {steps:?}");
    };
    assert_eq!((protocol.as_str(), seats.len()), ("truco", 4));
    assert_eq!(steps.last(), Some(&Step::End { finished: true }));
    let hands = steps
        .iter()
        .filter(|s| matches!(s, Step::Hand { .. }))
        .count();
    assert_eq!(hands, game["hand_results"].as_array().unwrap().len());
    let log: Vec<String> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Entry { text } => Some(text.clone()),
            _ => None,
        })
        .collect();
    let replayed =
        parlor_server::protocols::replay(protocol, variant, seed.parse().unwrap(), &log).unwrap();
    let seat = |field: &str| -> Vec<Value> {
        let seats = game["seats"].as_array().unwrap();
        seats.iter().map(|s| s[field].clone()).collect()
    };
    let (scores, ranks) = replayed.end.expect("the replay ends");
    assert_eq!(
        scores.iter().map(|&s| Value::from(s)).collect::<Vec<_>>(),
        seat("score")
    );
    assert_eq!(
        ranks.iter().map(|&r| Value::from(r)).collect::<Vec<_>>(),
        seat("rank")
    );
    a.stop().await;
}
